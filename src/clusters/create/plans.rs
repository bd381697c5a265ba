//! The tiers a customer chooses between, what each includes and costs (API-NOTES §11), and
//! the rules that tie tier and billing period together.

use cluster_api::{BillingPeriod, Tier};

pub struct Plan {
    pub tier: Tier,
    pub title: &'static str,
    pub sessions: &'static str,
    pub sla: &'static str,
    pub realms: &'static str,
    pub themes: &'static str,
    pub extensions: &'static str,
    pub domains: &'static str,
    pub ip_rules: &'static str,
    pub monthly_cents: i64,
    /// The monthly rate when billed annually; `None` when the tier is monthly only.
    pub annual_monthly_cents: Option<i64>,
    pub trial_days: Option<u32>,
}

pub const PLANS: [Plan; 3] = [
    Plan {
        tier: Tier::Starter,
        title: "Starter",
        sessions: "Up to 1,000 concurrent sessions",
        sla: "99% uptime SLA",
        realms: "5 realms",
        themes: "1 custom theme",
        extensions: "No custom extensions",
        domains: "1 custom domain",
        ip_rules: "No IP restrictions",
        monthly_cents: 14_900,
        annual_monthly_cents: None,
        trial_days: Some(30),
    },
    Plan {
        tier: Tier::Premium,
        title: "Premium",
        sessions: "Up to 10,000 concurrent sessions",
        sla: "99.5% uptime SLA",
        realms: "20 realms",
        themes: "1 custom theme",
        extensions: "1 extension or password denylist",
        domains: "5 custom domains",
        ip_rules: "2 IP restrictions (admin paths)",
        monthly_cents: 99_900,
        annual_monthly_cents: Some(74_900),
        trial_days: None,
    },
    Plan {
        tier: Tier::Enterprise,
        title: "Enterprise",
        sessions: "Up to 50,000 concurrent sessions",
        sla: "99.9% uptime SLA",
        realms: "100 realms",
        themes: "Unlimited themes",
        extensions: "Unlimited extensions and denylists",
        domains: "15 custom domains",
        ip_rules: "Unlimited IP restrictions",
        monthly_cents: 299_900,
        annual_monthly_cents: Some(249_900),
        trial_days: None,
    },
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
                format!("{} / year ({} / month)", dollars(monthly * 12), dollars(monthly))
            }
            _ => format!("{} / month", dollars(self.monthly_cents)),
        };
        match self.trial_days {
            Some(days) => format!("{days}-day free trial, then {price}"),
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
