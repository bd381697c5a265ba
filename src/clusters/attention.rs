//! The clusters list's one-line summary of what needs attention (clusters waiting for
//! payment, clusters that failed to set up), counted from the list itself.

use cluster_api::{Cluster, ClusterState};

use crate::cluster_states::unpaid;
use crate::i18n::k::clusters_list as w;
use crate::i18n::{tf, tp};

/// `None` when nothing the list shows needs attention.
pub fn attention_line(clusters: &[Cluster]) -> Option<String> {
    let unpaid = clusters.iter().filter(|c| unpaid(&c.status)).count();
    let failed = clusters.iter().filter(|c| c.status == ClusterState::SetupException).count();
    let parts: Vec<String> = [(unpaid, w::WAITING_PAYMENT), (failed, w::FAILED_SETUP)]
        .into_iter()
        .filter(|(n, _)| *n > 0)
        .map(|(n, words)| tp(words, n as f64, &[]))
        .collect();
    (!parts.is_empty()).then(|| tf(w::ATTENTION, &[("problems", &parts.join("; "))]))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cluster(id: &str, status: ClusterState) -> Cluster {
        Cluster { id: id.into(), name: id.into(), status, ..Default::default() }
    }

    #[test]
    fn the_attention_line_counts_what_the_list_shows() {
        assert_eq!(attention_line(&[cluster("a", ClusterState::Active)]), None);
        let list = [
            cluster("a", ClusterState::PendingPayment),
            cluster("b", ClusterState::BillingRequired),
            cluster("c", ClusterState::SetupException),
            cluster("d", ClusterState::Provisioning),
        ];
        assert_eq!(
            attention_line(&list).as_deref(),
            Some("Needs attention: 2 clusters wait for payment; 1 cluster failed to set up.")
        );
    }
}
