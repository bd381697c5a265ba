//! Creating a cluster: one request whose answer is one of three payment outcomes (paid
//! with a saved card, the hosted checkout page, or a card that needs 3-D Secure). The
//! script says which one happened and what to do next.

use cluster_api::{Call, DedicatedClusterRequest, ops};

use super::{Capture, Script, Target, named};

pub fn create(target: &Target, body: &DedicatedClusterRequest) -> String {
    let what = named("Create the cluster", &body.name);
    let mut script = Script::new(target, &what);
    let request = ops::ClusterCreate { body: body.clone() }.request();
    script.call(
        &what,
        &request,
        Capture::Json(&[
            ("CLUSTER_ID", "'.cluster.id // .cluster_id // empty'"),
            ("CHECKOUT_URL", "'.link.link // empty'"),
            ("REQUIRES_ACTION", ".requires_action"),
        ]),
    );
    script.raw("\n# The payment decides what happens next.");
    script.raw("if [ \"$REQUIRES_ACTION\" = true ]; then");
    script.raw(
        "  echo \"The card needs 3-D Secure: open cluster $CLUSTER_ID in the console to authenticate \
         the payment.\"",
    );
    script.raw("elif [ -n \"$CHECKOUT_URL\" ]; then");
    script.raw("  echo \"Pay on the checkout page; the cluster is created once it is paid: $CHECKOUT_URL\"");
    script.raw("else");
    script.raw("  echo \"Paid: cluster $CLUSTER_ID is being provisioned.\"");
    script.raw("fi");
    script.finish()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::code::testing::{HOSTILE, sandbox, shell_read};
    use cluster_api::{BillingPeriod, Tier};

    fn body(name: &str, card: Option<&str>) -> DedicatedClusterRequest {
        DedicatedClusterRequest {
            name: name.into(),
            region: "US_EAST_1".into(),
            tier: Some(Tier::Premium),
            billing_period: Some(BillingPeriod::Monthly),
            org_id: "org-acme".into(),
            payment_method_id: card.map(str::to_string),
            ..Default::default()
        }
    }

    #[test]
    fn the_request_and_every_payment_outcome() {
        let text = create(&sandbox(), &body("acme-new", Some("pm_card_visa")));
        assert!(
            text.contains(
                "ANSWER=$(curl -sS --fail-with-body -X POST \
                 'http://127.0.0.1:8080/auth/realms/self/v2/clusters'"
            ),
            "{text}"
        );
        assert!(text.contains("\"payment_method_id\":\"pm_card_visa\""), "{text}");
        assert!(text.contains("\"region\":\"US_EAST_1\""), "{text}");
        for outcome in ["3-D Secure", "checkout page", "Paid: cluster $CLUSTER_ID"] {
            assert!(text.contains(outcome), "{outcome} missing from {text}");
        }
        assert!(
            text.contains(
                "CLUSTER_ID=$(printf '%s' \"$ANSWER\" | jq -r '.cluster.id // .cluster_id // empty')"
            ),
            "{text}"
        );
    }

    #[test]
    fn hostile_names_stay_data() {
        for name in HOSTILE {
            let text = create(&sandbox(), &body(name, None));
            let data = text.lines().find_map(|l| l.trim().strip_prefix("--data-raw ")).unwrap_or_default();
            let data = data.strip_suffix(")").unwrap_or(data);
            let parsed: serde_json::Value = serde_json::from_str(&shell_read(data, &[])).unwrap_or_default();
            assert_eq!(parsed["name"], *name);
        }
    }
}
