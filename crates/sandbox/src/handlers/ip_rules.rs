//! `cluster.ipRule.list`, `.update` and `.detail`: who may reach a cluster. An update
//! replaces each category it carries, keeps the omitted ones, and lands whole or not
//! at all (API-NOTES §4.5).

use super::{Ctx, Outcome, ok};
use crate::engine::ip_rules::{self as rules, Category};
use crate::error::ApiError;
use crate::records::IpRuleRow;
use crate::store::Store;
use cluster_api::{IpRestrictionsRequest, IpRule, IpRulesRepresentation};

fn representation(records: &[IpRuleRow]) -> IpRulesRepresentation {
    let of = |c: Category| records.iter().filter(|r| r.category == c).map(IpRuleRow::to_wire).collect();
    IpRulesRepresentation {
        admin_allowed_ip_rules: of(Category::AdminAllowed),
        realm_allowed_ip_rules: of(Category::RealmAllowed),
        realm_blocked_ip_rules: of(Category::RealmBlocked),
    }
}

pub fn list(ctx: &Ctx, store: &mut Store) -> Outcome {
    let cluster = ctx.cluster(store)?;
    ok(&representation(&store.ip_rules_of(&cluster.id)?))
}

pub fn detail(ctx: &Ctx, store: &mut Store) -> Outcome {
    let cluster = ctx.cluster(store)?;
    let id = ctx.param(1)?;
    let rule = store.ip_rule(&cluster.id, id)?.ok_or_else(|| {
        ApiError::not_found(format!("No IP rule with ID {id} was found on {}.", cluster.name))
    })?;
    ok(&rule.to_wire())
}

pub fn update(ctx: &Ctx, store: &mut Store) -> Outcome {
    let cluster = ctx.cluster(store)?;
    let request: IpRestrictionsRequest = ctx.json_body()?;
    let sent: [(Category, Option<&Vec<IpRule>>); 3] = [
        (Category::AdminAllowed, request.admin_allowed_ip_rules.as_ref()),
        (Category::RealmAllowed, request.realm_allowed_ip_rules.as_ref()),
        (Category::RealmBlocked, request.realm_blocked_ip_rules.as_ref()),
    ];
    for (category, rules) in sent {
        if let Some(why) = rules.and_then(|r| rules::category_problem(category, r)) {
            return Err(ApiError::bad_request(why));
        }
    }
    let old = store.ip_rules_of(&cluster.id)?;
    // The count each category would have afterwards: sent, or kept when omitted.
    let after =
        |i: usize| sent[i].1.map_or_else(|| old.iter().filter(|r| r.category == sent[i].0).count(), Vec::len);
    if let Some(why) = rules::cap_problem(&cluster, after(0), after(1), after(2)) {
        return Err(ApiError::conflict(why));
    }
    let mut new_id = || format!("ipr-{}", &uuid::Uuid::new_v4().simple().to_string()[..12]);
    let replacements: Vec<(Category, Vec<IpRuleRow>)> = sent
        .iter()
        .filter_map(|(category, rules)| {
            rules.map(|r| (*category, rules::replace(&cluster.id, *category, &old, r, ctx.now, &mut new_id)))
        })
        .collect();
    store.transaction(|s| {
        for (category, records) in &replacements {
            s.replace_ip_rules(&cluster.id, *category, records)?;
        }
        Ok(())
    })?;
    ok(&representation(&store.ip_rules_of(&cluster.id)?))
}
