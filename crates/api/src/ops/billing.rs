//! Typed requests for the `billing` operations.

#[allow(unused_imports)]
use crate::{catalogue, model::*, request::*};

/// `org.billingContact.list`: List billing contacts for this organization.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct OrgBillingContactList {
    pub org_id: String,
}
impl Call for OrgBillingContactList {
    type Response = Vec<BillingContact>;
    const OPERATION: &'static Operation = &catalogue::ORG_BILLINGCONTACT_LIST;
    fn request(&self) -> ApiRequest {
        ApiRequest::new(
            Self::OPERATION,
            format!("/orgs/{}/billing/contacts", encode_segment(&self.org_id)),
            Query::default(),
            Body::Empty,
        )
    }
    fn decode(reply: Reply<'_>) -> Result<Self::Response, DecodeError> {
        json(reply)
    }
}

/// `org.billingContact.create`: Add a billing contact.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct OrgBillingContactCreate {
    pub org_id: String,
    pub user_id: String,
}
impl Call for OrgBillingContactCreate {
    type Response = ();
    const OPERATION: &'static Operation = &catalogue::ORG_BILLINGCONTACT_CREATE;
    fn request(&self) -> ApiRequest {
        ApiRequest::new(
            Self::OPERATION,
            format!(
                "/orgs/{}/billing/contacts/{}",
                encode_segment(&self.org_id),
                encode_segment(&self.user_id)
            ),
            Query::default(),
            Body::Empty,
        )
    }
    fn decode(reply: Reply<'_>) -> Result<Self::Response, DecodeError> {
        empty(reply)
    }
}

/// `org.billingContact.delete`: Remove a billing contact.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct OrgBillingContactDelete {
    pub org_id: String,
    pub user_id: String,
}
impl Call for OrgBillingContactDelete {
    type Response = ();
    const OPERATION: &'static Operation = &catalogue::ORG_BILLINGCONTACT_DELETE;
    fn request(&self) -> ApiRequest {
        ApiRequest::new(
            Self::OPERATION,
            format!(
                "/orgs/{}/billing/contacts/{}",
                encode_segment(&self.org_id),
                encode_segment(&self.user_id)
            ),
            Query::default(),
            Body::Empty,
        )
    }
    fn decode(reply: Reply<'_>) -> Result<Self::Response, DecodeError> {
        empty(reply)
    }
}

/// `org.paymentMethod.list`: List payment methods for this organization.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct OrgPaymentMethodList {
    pub org_id: String,
}
impl Call for OrgPaymentMethodList {
    type Response = Vec<PaymentMethod>;
    const OPERATION: &'static Operation = &catalogue::ORG_PAYMENTMETHOD_LIST;
    fn request(&self) -> ApiRequest {
        ApiRequest::new(
            Self::OPERATION,
            format!("/orgs/{}/billing/payment-methods", encode_segment(&self.org_id)),
            Query::default(),
            Body::Empty,
        )
    }
    fn decode(reply: Reply<'_>) -> Result<Self::Response, DecodeError> {
        json(reply)
    }
}

/// `org.paymentMethod.setupSession.create`: Create a Stripe Checkout link to add a payment method.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct OrgPaymentMethodSetupSessionCreate {
    pub org_id: String,
    pub body: RedirectRequest,
}
impl Call for OrgPaymentMethodSetupSessionCreate {
    type Response = RedirectLink;
    const OPERATION: &'static Operation = &catalogue::ORG_PAYMENTMETHOD_SETUPSESSION_CREATE;
    fn request(&self) -> ApiRequest {
        ApiRequest::new(
            Self::OPERATION,
            format!("/orgs/{}/billing/payment-methods", encode_segment(&self.org_id)),
            Query::default(),
            Body::json(&self.body),
        )
    }
    fn decode(reply: Reply<'_>) -> Result<Self::Response, DecodeError> {
        json(reply)
    }
}

/// `org.paymentMethod.delete`: Remove a payment method.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct OrgPaymentMethodDelete {
    pub org_id: String,
    pub pm_id: String,
}
impl Call for OrgPaymentMethodDelete {
    type Response = ();
    const OPERATION: &'static Operation = &catalogue::ORG_PAYMENTMETHOD_DELETE;
    fn request(&self) -> ApiRequest {
        ApiRequest::new(
            Self::OPERATION,
            format!(
                "/orgs/{}/billing/payment-methods/{}",
                encode_segment(&self.org_id),
                encode_segment(&self.pm_id)
            ),
            Query::default(),
            Body::Empty,
        )
    }
    fn decode(reply: Reply<'_>) -> Result<Self::Response, DecodeError> {
        empty(reply)
    }
}

/// `org.paymentMethod.setDefault`: Set this organization's default payment method.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct OrgPaymentMethodSetDefault {
    pub org_id: String,
    pub pm_id: String,
}
impl Call for OrgPaymentMethodSetDefault {
    type Response = ();
    const OPERATION: &'static Operation = &catalogue::ORG_PAYMENTMETHOD_SETDEFAULT;
    fn request(&self) -> ApiRequest {
        ApiRequest::new(
            Self::OPERATION,
            format!(
                "/orgs/{}/billing/payment-methods/{}/default",
                encode_segment(&self.org_id),
                encode_segment(&self.pm_id)
            ),
            Query::default(),
            Body::Empty,
        )
    }
    fn decode(reply: Reply<'_>) -> Result<Self::Response, DecodeError> {
        empty(reply)
    }
}

/// `org.billingPortalSession.create`: Create a Stripe billing portal session link.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct OrgBillingPortalSessionCreate {
    pub org_id: String,
    pub body: Option<RedirectRequest>,
}
impl Call for OrgBillingPortalSessionCreate {
    type Response = RedirectLink;
    const OPERATION: &'static Operation = &catalogue::ORG_BILLINGPORTALSESSION_CREATE;
    fn request(&self) -> ApiRequest {
        ApiRequest::new(
            Self::OPERATION,
            format!("/orgs/{}/billing/portal", encode_segment(&self.org_id)),
            Query::default(),
            Body::json_opt(self.body.as_ref()),
        )
    }
    fn decode(reply: Reply<'_>) -> Result<Self::Response, DecodeError> {
        json(reply)
    }
}

/// `org.subscription.list`: List subscriptions for this organization.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct OrgSubscriptionList {
    pub org_id: String,
}
impl Call for OrgSubscriptionList {
    type Response = Vec<Subscription>;
    const OPERATION: &'static Operation = &catalogue::ORG_SUBSCRIPTION_LIST;
    fn request(&self) -> ApiRequest {
        ApiRequest::new(
            Self::OPERATION,
            format!("/orgs/{}/billing/subscriptions", encode_segment(&self.org_id)),
            Query::default(),
            Body::Empty,
        )
    }
    fn decode(reply: Reply<'_>) -> Result<Self::Response, DecodeError> {
        json(reply)
    }
}
