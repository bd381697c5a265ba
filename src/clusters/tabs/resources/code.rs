//! The Code panel's text for the resources tab: adding a resource, and an upload into the
//! slot the person chose (the same target the upload itself would take).

use cluster_api::ResourceType;
use leptos::prelude::*;

use super::checks::FileKind;
use super::steps::{Target, label_for, target_for};
use super::{ExtCtx, Item};
use crate::code::extensions::{self, Slot};

fn slot(target: Target) -> Slot {
    match target {
        Target::Version { major, version } => Slot::Version { major, version },
        Target::Standalone => Slot::Standalone,
        Target::WellKnown { file } => Slot::WellKnown { file },
    }
}

/// The upload's script and, for jars and denylists (the provider's
/// `phasetwo_cluster_extension_version`), its HCL. Well-known files have no resource.
pub fn upload(
    ctx: ExtCtx,
    item: Item,
    kind: FileKind,
    chosen: Signal<String>,
    picked: RwSignal<Option<String>>,
) -> (Signal<String>, Option<Signal<String>>) {
    let cluster_id = ctx.cluster.id;
    let file_name = move || picked.get().unwrap_or_else(|| default_file(kind).to_string());
    let curl = crate::code::live(Box::new(move |t| {
        let versions = item.with(|e| e.versions.clone().unwrap_or_default());
        let name = item.with(|e| e.name.clone());
        let file = file_name();
        match target_for(kind, &chosen.get(), &versions) {
            Ok(target) => item.id.with_value(|id| {
                extensions::upload(
                    t,
                    &cluster_id.get_value(),
                    (id, &name),
                    &slot(target),
                    &file,
                    &label_for(&file),
                )
            }),
            Err(why) => format!("# {}\n", crate::code::shell::comment(&why)),
        }
    }));
    let hcl = (kind != FileKind::Json).then(|| {
        crate::code::live(Box::new(move |t| {
            let file = file_name();
            let major = if kind == FileKind::Jar { chosen.get().trim().parse::<i64>().ok() } else { None };
            item.id.with_value(|id| {
                crate::code::hcl::extension_version(
                    t,
                    &cluster_id.get_value(),
                    id,
                    &file,
                    major,
                    &label_for(&file),
                )
            })
        }))
    });
    (curl, hcl)
}

fn default_file(kind: FileKind) -> &'static str {
    match kind {
        FileKind::Jar => "extension.jar",
        FileKind::Denylist => "passwords.txt",
        FileKind::Json => "assetlinks.json",
    }
}

/// Add resource: the extension's creation, and its provider resource.
pub fn add(
    ctx: ExtCtx,
    name: RwSignal<String>,
    chosen: Signal<Option<ResourceType>>,
) -> (Signal<String>, Signal<String>) {
    let cluster_id = ctx.cluster.id;
    let typed = move || (name.get().trim().to_string(), chosen.get().unwrap_or(ResourceType::Extension));
    let curl = crate::code::live(Box::new(move |t| {
        let (name, kind) = typed();
        extensions::create(t, &cluster_id.get_value(), &name, &kind)
    }));
    let hcl = crate::code::live(Box::new(move |t| {
        let (name, kind) = typed();
        crate::code::hcl::extension(t, &cluster_id.get_value(), &name, kind.as_str())
    }));
    (curl, hcl)
}
