use super::*;
use crate::records::{Millis, SubscriptionRow};

fn plan(tier: Tier, period: BillingPeriod) -> Plan {
    Plan { tier, period }
}

#[test]
fn prices_follow_the_published_list() {
    assert_eq!(period_amount(&plan(Tier::Starter, BillingPeriod::Monthly)), 14_900);
    assert_eq!(period_amount(&plan(Tier::Premium, BillingPeriod::Monthly)), 99_900);
    assert_eq!(period_amount(&plan(Tier::Premium, BillingPeriod::Annual)), 898_800);
    assert_eq!(period_amount(&plan(Tier::Enterprise, BillingPeriod::Monthly)), 299_900);
    assert_eq!(period_amount(&plan(Tier::Enterprise, BillingPeriod::Annual)), 2_998_800);
    assert_eq!(monthly_rate(&Tier::Starter, &BillingPeriod::Annual), None);
}

#[test]
fn money_reads_like_an_invoice() {
    assert_eq!(money(0), "$0.00");
    assert_eq!(money(14_900), "$149.00");
    assert_eq!(money(898_800), "$8,988.00");
    assert_eq!(money(123_456_789), "$1,234,567.89");
    assert_eq!(money(-5), "-$0.05");
}

#[test]
fn labels() {
    assert_eq!(price_label(&plan(Tier::Premium, BillingPeriod::Monthly)), "$999.00 / month");
    assert_eq!(price_label(&plan(Tier::Premium, BillingPeriod::Annual)), "$8,988.00 / year ($749/month)");
    assert_eq!(
        price_label(&plan(Tier::Enterprise, BillingPeriod::Annual)),
        "$29,988.00 / year ($2,499/month)"
    );
    assert_eq!(
        offer_label(&plan(Tier::Starter, BillingPeriod::Monthly)),
        "30-day free trial, then $149.00 / month"
    );
    assert_eq!(
        description(&Tier::Premium, &BillingPeriod::Monthly, "acme-staging"),
        "Premium plan, billed monthly: $999.00 / month — acme-staging"
    );
    assert_eq!(
        description(&Tier::Premium, &BillingPeriod::Annual, "x"),
        "Premium plan, billed annually: $8,988.00 / year ($749/month) — x"
    );
}

#[test]
fn requested_plans() {
    let premium = Tier::Premium;
    let annual = BillingPeriod::Annual;
    assert_eq!(
        requested_plan(Some(&premium), Some(&annual), None),
        Ok(plan(Tier::Premium, BillingPeriod::Annual))
    );
    assert_eq!(requested_plan(None, Some(&annual), None), Err("tier is required".to_string()));
    assert_eq!(requested_plan(Some(&premium), None, None), Err("billing_period is required".to_string()));
    assert_eq!(
        requested_plan(Some(&Tier::Starter), Some(&annual), None),
        Err("The starter tier is billed monthly only.".to_string())
    );
    let gold = Tier::from_wire("gold");
    assert!(requested_plan(Some(&gold), None, None).is_err_and(|e| e.starts_with("tier gold")));
    let weekly = BillingPeriod::from_wire("weekly");
    assert!(
        requested_plan(Some(&premium), Some(&weekly), None)
            .is_err_and(|e| e.starts_with("billing_period weekly"))
    );
    assert_eq!(
        requested_plan(None, None, Some("price_enterprise_monthly")),
        Ok(plan(Tier::Enterprise, BillingPeriod::Monthly))
    );
    assert!(
        requested_plan(None, None, Some("price_starter_annual")).is_err_and(|e| e.starts_with("price_id"))
    );
    assert!(requested_plan(None, None, Some("nope")).is_err());
    assert_eq!(price_id(&plan(Tier::Premium, BillingPeriod::Annual)), "price_premium_annual");
}

fn sub(status: &str, period: BillingPeriod, end: Millis) -> SubscriptionRow {
    SubscriptionRow {
        id: "sub_1".into(),
        org_id: "org".into(),
        cluster_id: "c1".into(),
        cluster_name: "demo".into(),
        payment_method_id: "pm".into(),
        tier: Tier::Premium,
        period,
        amount: 99_900,
        status: status.into(),
        start_date: 0,
        trial_end: None,
        current_period_start: 0,
        current_period_end: end,
        ended_at: None,
    }
}

#[test]
fn subscriptions_renew_lazily() {
    let mut s = sub("trialing", BillingPeriod::Monthly, 30 * DAY);
    assert!(settle(&mut s, false, 30 * DAY - 1).is_empty());
    assert_eq!(settle(&mut s, false, 65 * DAY), vec![30 * DAY, 60 * DAY]);
    assert_eq!(
        (s.status.as_str(), s.current_period_start, s.current_period_end),
        ("active", 60 * DAY, 90 * DAY)
    );
}

#[test]
fn ending_subscriptions_cancel_at_period_end() {
    let mut s = sub("active", BillingPeriod::Annual, 365 * DAY);
    assert!(settle(&mut s, true, 364 * DAY).is_empty());
    assert_eq!(s.status, "active");
    assert!(settle(&mut s, true, 366 * DAY).is_empty());
    assert_eq!((s.status.as_str(), s.ended_at), ("canceled", Some(365 * DAY)));
}

#[test]
fn past_due_waits_for_its_invoice() {
    let mut s = sub("past_due", BillingPeriod::Monthly, 10);
    assert!(settle(&mut s, false, 1_000 * DAY).is_empty());
    assert_eq!(s.status, "past_due");
}

#[test]
fn seeded_periods_contain_now() {
    assert_eq!(period_at(0, &BillingPeriod::Monthly, 45 * DAY), (30 * DAY, 60 * DAY));
    assert_eq!(period_at(100, &BillingPeriod::Monthly, 100), (100, 100 + 30 * DAY));
}
