//! The Domains tab's wire codes in words: a domain's DNS and certificate states (each with
//! its badge tone), and why its certificate keeps it from becoming the primary host.

use cluster_api::{CertificateStatusMapping, DomainStatusMapping};

use crate::i18n::k::domains as w;
use crate::i18n::{t, tf};
use crate::kit::Tone;

/// Words and a badge tone for the DNS validation. A status this console does not know (the
/// contract's list is not verified live, API-NOTES §9 #2) is shown as the service sent it.
pub fn dns_label(status: &DomainStatusMapping) -> (String, Tone) {
    let (words, tone) = match status {
        DomainStatusMapping::PendingValidation => (w::DNS_PENDING, Tone::Busy),
        DomainStatusMapping::Success => (w::DNS_SUCCESS, Tone::Ok),
        DomainStatusMapping::Failed => (w::DNS_FAILED, Tone::Bad),
        DomainStatusMapping::NotFound => (w::DNS_NOT_FOUND, Tone::Muted),
        DomainStatusMapping::Unknown(raw) => return (tf(w::DNS_RAW, &[("raw", raw)]), Tone::Neutral),
    };
    (t(words).to_string(), tone)
}

/// Words and a badge tone for the certificate; an unknown status as the service sent it.
pub fn certificate_label(status: &CertificateStatusMapping) -> (String, Tone) {
    use CertificateStatusMapping as C;
    let (words, tone) = match status {
        C::PendingValidation => (w::CERT_PENDING, Tone::Busy),
        C::Issued => (w::CERT_ISSUED, Tone::Ok),
        C::ValidationTimedOut => (w::CERT_TIMED_OUT, Tone::Bad),
        C::Failed => (w::CERT_FAILED, Tone::Bad),
        C::Expired => (w::CERT_EXPIRED, Tone::Bad),
        C::Revoked => (w::CERT_REVOKED, Tone::Bad),
        C::Inactive => (w::CERT_INACTIVE, Tone::Muted),
        C::NotFound => (w::CERT_UNKNOWN, Tone::Muted),
        C::Unknown(raw) => return (tf(w::CERT_RAW, &[("raw", raw)]), Tone::Neutral),
    };
    (t(words).to_string(), tone)
}

/// Why a domain cannot become the primary host yet, or `None` when it can.
pub fn primary_block(status: &CertificateStatusMapping) -> Option<&'static str> {
    use CertificateStatusMapping as C;
    match status {
        C::Issued => None,
        C::PendingValidation => Some(t(w::PRIMARY_PENDING)),
        C::ValidationTimedOut | C::Failed => Some(t(w::PRIMARY_FAILED)),
        _ => Some(t(w::PRIMARY_NEEDS_ISSUED)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_issued_domains_become_primary() {
        assert_eq!(primary_block(&CertificateStatusMapping::Issued), None);
        assert!(
            primary_block(&CertificateStatusMapping::PendingValidation)
                .is_some_and(|w| w.contains("once its certificate is issued"))
        );
        assert!(
            primary_block(&CertificateStatusMapping::ValidationTimedOut)
                .is_some_and(|w| w.contains("add it again"))
        );
    }
}
