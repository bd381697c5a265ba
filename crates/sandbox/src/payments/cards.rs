//! Adding one of the test cards (`engine::test_cards`) to an organization, as the setup
//! page does.

use super::new_id;
pub use crate::engine::test_cards::{TestCard, record};
use crate::records::{CardRow, Millis};
use crate::store::{Store, StoreResult};

/// Saves a new card to the organization, as completing a setup page does. It becomes
/// the default only when the organization had no card.
pub fn add(store: &Store, org_id: &str, card: TestCard, now: Millis) -> StoreResult<CardRow> {
    let first = store.cards_of(org_id)?.is_empty();
    let record = record(&new_id("pm"), org_id, card, (12, 2030), first, now);
    store.insert_card(&record)?;
    Ok(record)
}
