//! The billing resource group: subscriptions, cards, contacts, the billing portal, and the
//! payment-confirmation step of cluster creation.

mod cards;
mod contacts;
mod money;
mod page;
mod portal;
pub mod stripe;
mod subscription;

pub use cards::{describe as card_name, expiry as card_expiry};
pub use money::dollars;
pub use page::Billing;
pub use subscription::{described as plan_words, renewal, status_words as subscription_status};
