//! The tiers a customer chooses between, what each includes and costs (API-NOTES §11), and
//! the rules that tie tier and billing period together.

use cluster_api::{BillingPeriod, Tier};

use crate::i18n::k::clusters_plans as w;
use crate::i18n::{Msg, t, tf, tp};

/// What a plan includes, as catalogue messages (shown with `t`).
pub struct PlanText {
    pub sessions: Msg,
    pub sla: Msg,
    pub realms: Msg,
    pub themes: Msg,
    pub extensions: Msg,
    pub domains: Msg,
    pub ip_rules: Msg,
}

pub struct Plan {
    pub tier: Tier,
    /// The tier's name: a product name, the same in every language.
    pub title: &'static str,
    /// Lines of `text` in English, for the overview's quick start until it moves to the
    /// catalogues (it can use `t(plan.text.sessions)`).
    pub sessions: &'static str,
    pub sla: &'static str,
    pub realms: &'static str,
    pub text: PlanText,
    pub monthly_cents: i64,
    /// The monthly rate when billed annually; `None` when the tier is monthly only.
    pub annual_monthly_cents: Option<i64>,
    pub trial_days: Option<u32>,
}

impl Plan {
    const fn new(
        tier: Tier,
        title: &'static str,
        text: PlanText,
        monthly_cents: i64,
        annual_monthly_cents: Option<i64>,
        trial_days: Option<u32>,
    ) -> Plan {
        Plan {
            tier,
            title,
            sessions: text.sessions.english(),
            sla: text.sla.english(),
            realms: text.realms.english(),
            text,
            monthly_cents,
            annual_monthly_cents,
            trial_days,
        }
    }

    /// What the plan includes, in the person's language, in the order the wizard lists it.
    pub fn lines(&self) -> [&'static str; 7] {
        let x = &self.text;
        [x.sessions, x.sla, x.realms, x.themes, x.extensions, x.domains, x.ip_rules].map(t)
    }
}

// A static: built by `Plan::new`, its value is not promoted to a `'static` constant.
pub static PLANS: [Plan; 3] = [
    Plan::new(
        Tier::Starter,
        "Starter",
        PlanText {
            sessions: w::STARTER_SESSIONS,
            sla: w::STARTER_SLA,
            realms: w::STARTER_REALMS,
            themes: w::STARTER_THEMES,
            extensions: w::STARTER_EXTENSIONS,
            domains: w::STARTER_DOMAINS,
            ip_rules: w::STARTER_IP_RULES,
        },
        14_900,
        None,
        Some(30),
    ),
    Plan::new(
        Tier::Premium,
        "Premium",
        PlanText {
            sessions: w::PREMIUM_SESSIONS,
            sla: w::PREMIUM_SLA,
            realms: w::PREMIUM_REALMS,
            themes: w::PREMIUM_THEMES,
            extensions: w::PREMIUM_EXTENSIONS,
            domains: w::PREMIUM_DOMAINS,
            ip_rules: w::PREMIUM_IP_RULES,
        },
        99_900,
        Some(74_900),
        None,
    ),
    Plan::new(
        Tier::Enterprise,
        "Enterprise",
        PlanText {
            sessions: w::ENTERPRISE_SESSIONS,
            sla: w::ENTERPRISE_SLA,
            realms: w::ENTERPRISE_REALMS,
            themes: w::ENTERPRISE_THEMES,
            extensions: w::ENTERPRISE_EXTENSIONS,
            domains: w::ENTERPRISE_DOMAINS,
            ip_rules: w::ENTERPRISE_IP_RULES,
        },
        299_900,
        Some(249_900),
        None,
    ),
];

pub fn plan(tier: &Tier) -> &'static Plan {
    PLANS.iter().find(|p| p.tier == *tier).unwrap_or(&PLANS[0])
}

impl Plan {
    pub fn allows(&self, period: &BillingPeriod) -> bool {
        *period == BillingPeriod::Monthly || self.annual_monthly_cents.is_some()
    }

    /// "$999.00 / month", "$8,988.00 / year ($749.00 / month)", with the trial when there is one.
    pub fn price(&self, period: &BillingPeriod) -> String {
        use crate::billing::dollars;
        let price = match (period, self.annual_monthly_cents) {
            (BillingPeriod::Annual, Some(monthly)) => {
                tf(w::PER_YEAR, &[("year", &dollars(monthly * 12)), ("month", &dollars(monthly))])
            }
            _ => tf(w::PER_MONTH, &[("price", &dollars(self.monthly_cents))]),
        };
        match self.trial_days {
            Some(days) => tp(w::TRIAL, f64::from(days), &[("price", &price)]),
            None => price,
        }
    }
}

/// The period to use after the person picks `tier`: annual falls back to monthly where
/// the tier is billed monthly only.
pub fn period_for(tier: &Tier, wanted: &BillingPeriod) -> BillingPeriod {
    if plan(tier).allows(wanted) { wanted.clone() } else { BillingPeriod::Monthly }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn starter_is_monthly_only_with_a_trial() {
        let starter = plan(&Tier::Starter);
        assert!(!starter.allows(&BillingPeriod::Annual));
        assert_eq!(period_for(&Tier::Starter, &BillingPeriod::Annual), BillingPeriod::Monthly);
        assert_eq!(starter.price(&BillingPeriod::Monthly), "30-day free trial, then $149.00 / month");
    }

    #[test]
    fn annual_prices() {
        assert_eq!(plan(&Tier::Premium).price(&BillingPeriod::Annual), "$8,988.00 / year ($749.00 / month)");
        assert_eq!(plan(&Tier::Enterprise).price(&BillingPeriod::Monthly), "$2,999.00 / month");
        assert_eq!(period_for(&Tier::Enterprise, &BillingPeriod::Annual), BillingPeriod::Annual);
    }
}
