//! The message files: every locale has English's ids, uses only the variables English gives,
//! has every plural form its language needs, and compiles for the client.

use std::collections::{BTreeMap, BTreeSet};

use fluent_syntax::ast::{
    Entry, Expression, InlineExpression, Pattern, PatternElement, Resource, VariantKey,
};
use intl_pluralrules::{PluralCategory, PluralRuleType, PluralRules};

use super::{Lang, Tr, sources};

/// The numbers every plural selection is tried with.
const NUMBERS: [u32; 10] = [0, 1, 2, 3, 5, 11, 21, 22, 25, 101];

fn parse(lang: Lang) -> Vec<(&'static str, Resource<&'static str>)> {
    sources(lang)
        .into_iter()
        .map(|(name, text)| match fluent_syntax::parser::parse(text) {
            Ok(r) => (name, r),
            Err((_, errors)) => panic!("{lang}/{name} has syntax errors: {errors:?}"),
        })
        .collect()
}

/// Every message and attribute of a locale, by `file` and id (`id` or `id.attr`), with its
/// pattern.
fn patterns<'a>(
    files: &'a [(&'static str, Resource<&'static str>)],
) -> BTreeMap<(&'static str, String), &'a Pattern<&'static str>> {
    let mut out = BTreeMap::new();
    for (name, res) in files {
        for entry in &res.body {
            let (id, value, attributes) = match entry {
                Entry::Message(m) => (m.id.name.to_owned(), m.value.as_ref(), &m.attributes),
                Entry::Term(t) => (format!("-{}", t.id.name), Some(&t.value), &t.attributes),
                _ => continue,
            };
            if let Some(v) = value {
                assert!(
                    out.insert((*name, id.clone()), v).is_none(),
                    "{name}: {id} twice"
                );
            }
            for a in attributes {
                out.insert((*name, format!("{id}.{}", a.id.name)), &a.value);
            }
        }
    }
    out
}

/// The variables a pattern uses, and its selections' keys (each a list of keys).
fn walk<'a>(p: &'a Pattern<&'a str>, vars: &mut BTreeSet<&'a str>, selects: &mut Vec<Vec<String>>) {
    fn inline<'a>(
        i: &'a InlineExpression<&'a str>,
        vars: &mut BTreeSet<&'a str>,
        selects: &mut Vec<Vec<String>>,
    ) {
        match i {
            InlineExpression::VariableReference { id } => {
                vars.insert(id.name);
            }
            InlineExpression::Placeable { expression } => expr(expression, vars, selects),
            _ => {}
        }
    }
    fn expr<'a>(
        e: &'a Expression<&'a str>,
        vars: &mut BTreeSet<&'a str>,
        selects: &mut Vec<Vec<String>>,
    ) {
        match e {
            Expression::Inline(i) => inline(i, vars, selects),
            Expression::Select { selector, variants } => {
                inline(selector, vars, selects);
                selects.push(
                    variants
                        .iter()
                        .map(|v| match &v.key {
                            VariantKey::Identifier { name } => (*name).to_owned(),
                            VariantKey::NumberLiteral { value } => (*value).to_owned(),
                        })
                        .collect(),
                );
                for v in variants {
                    walk(&v.value, vars, selects);
                }
            }
        }
    }
    for el in &p.elements {
        if let PatternElement::Placeable { expression } = el {
            expr(expression, vars, selects);
        }
    }
}

#[test]
fn every_locale_has_files() {
    for lang in Lang::ALL {
        assert!(!sources(lang).is_empty(), "no message files for {lang}");
    }
}

#[test]
fn every_locale_has_exactly_the_english_ids_in_the_same_files() {
    let en = parse(Lang::En);
    let want: BTreeSet<_> = patterns(&en).into_keys().collect();
    for lang in Lang::ALL {
        let files = parse(lang);
        let have: BTreeSet<_> = patterns(&files).into_keys().collect();
        let missing: Vec<_> = want.difference(&have).collect();
        let extra: Vec<_> = have.difference(&want).collect();
        assert!(
            missing.is_empty() && extra.is_empty(),
            "{lang}: missing {missing:?}, not in English {extra:?}"
        );
    }
}

#[test]
fn every_variable_a_translation_uses_is_one_english_gives() {
    let en = parse(Lang::En);
    let en_patterns = patterns(&en);
    for lang in Lang::ALL {
        let files = parse(lang);
        for (key, p) in patterns(&files) {
            let Some(en_p) = en_patterns.get(&key) else {
                continue;
            };
            let (mut have, mut want) = (BTreeSet::new(), BTreeSet::new());
            walk(p, &mut have, &mut Vec::new());
            walk(en_p, &mut want, &mut Vec::new());
            let unknown: Vec<_> = have.difference(&want).collect();
            assert!(
                unknown.is_empty(),
                "{lang} {key:?} uses {unknown:?}, which English does not give"
            );
        }
    }
}

const CATEGORIES: [&str; 6] = ["zero", "one", "two", "few", "many", "other"];

fn category_name(c: &PluralCategory) -> &'static str {
    match c {
        PluralCategory::ZERO => "zero",
        PluralCategory::ONE => "one",
        PluralCategory::TWO => "two",
        PluralCategory::FEW => "few",
        PluralCategory::MANY => "many",
        PluralCategory::OTHER => "other",
    }
}

#[test]
fn plural_selections_have_every_form_their_language_needs() {
    for lang in Lang::ALL {
        let id: unic_langid::LanguageIdentifier = lang.code().parse().expect("a language code");
        let rules = PluralRules::create(id, PluralRuleType::CARDINAL)
            .unwrap_or_else(|e| panic!("no plural rules for {lang}: {e}"));
        let files = parse(lang);
        let mut checked = 0;
        for (key, p) in patterns(&files) {
            let mut selects = Vec::new();
            walk(p, &mut BTreeSet::new(), &mut selects);
            for keys in selects {
                // A plural selection has a category key other than `other` (a selection on a
                // side or a kind does not).
                if !keys.iter().any(|k| CATEGORIES[..5].contains(&k.as_str())) {
                    continue;
                }
                checked += 1;
                for n in NUMBERS {
                    let cat = category_name(&rules.select(n).expect("a category"));
                    assert!(
                        keys.iter().any(|k| k == cat || *k == n.to_string()),
                        "{lang} {key:?}: {n} is `{cat}` but the selection has only {keys:?}"
                    );
                }
            }
        }
        // English has plural messages, so every language must too.
        if lang == Lang::En {
            assert!(checked > 0, "no plural selection found in English");
        }
    }
}

#[test]
fn every_message_formats_without_errors_given_the_english_variables() {
    let en = parse(Lang::En);
    let en_patterns = patterns(&en);
    for lang in Lang::ALL {
        let tr = Tr(lang);
        for ((_, id), p) in &en_patterns {
            if id.starts_with('-') {
                continue;
            }
            let mut vars = BTreeSet::new();
            walk(p, &mut vars, &mut Vec::new());
            for n in NUMBERS {
                let args: Vec<(&str, super::Arg)> = vars
                    .iter()
                    .map(|&v| {
                        let value = match v {
                            "side" | "winner" | "loser" | "mover" => super::s("north"),
                            _ => super::Arg::from(n),
                        };
                        (v, value)
                    })
                    .collect();
                let out = tr.args(id, &args);
                assert!(
                    !out.is_empty() || p.elements.is_empty(),
                    "{lang} {id} is empty"
                );
                assert!(
                    !out.contains("{$") && !out.contains("{ $"),
                    "{lang} {id}: {out}"
                );
                assert_ne!(&out, id, "{lang} has no {id}");
            }
        }
    }
}

#[test]
fn the_client_messages_compile_in_every_locale() {
    for lang in Lang::ALL {
        let json = super::client::try_compile(lang).unwrap_or_else(|e| panic!("{e}"));
        let v: serde_json::Value = serde_json::from_str(&json).expect("JSON");
        assert_eq!(v["lang"], lang.code());
        assert!(
            v["messages"]["side-south"].is_array(),
            "{lang}: {json:.200}"
        );
    }
}

#[test]
fn a_message_formats_with_its_variables_and_plural_forms() {
    let tr = Lang::En.tr();
    assert_eq!(tr.t("side-south"), "South");
    assert_eq!(
        tr.args(
            "outcome-front-row-empty",
            &[
                ("result", super::s("1-0")),
                ("winner", super::s("south")),
                ("loser", super::s("north")),
            ]
        ),
        "1-0: South wins, North's front row is empty"
    );
    assert_eq!(tr.t("no-such-message"), "no-such-message");
    assert!(!tr.has("no-such-message"));
    assert!(tr.has("side-south"));
}

/// The message ids the board client asks for: the first argument of every `t(`, `tParts(` and
/// `tNode(` call in web/*.js, as (file, id, whether it is a template's fixed prefix). A template
/// id, `` t(`game-${g.variant}`) ``, gives the part before its first `${`.
fn client_ids_in_web() -> Vec<(String, String, bool)> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("web");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("web/")
        .map(|e| e.expect("a file of web/").path())
        .filter(|p| p.extension().is_some_and(|e| e == "js"))
        .collect();
    files.sort();
    let mut out = Vec::new();
    for path in files {
        let name = path
            .file_name()
            .unwrap_or_default()
            .to_string_lossy()
            .into_owned();
        let text = std::fs::read_to_string(&path).expect("a JS file");
        for call in ["t(", "tParts(", "tNode("] {
            for (at, _) in text.match_indices(call) {
                // a call of that name, not the end of another (`split(`, `import(`)
                let before = text[..at].chars().next_back();
                if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '$' || c == '.') {
                    continue;
                }
                let rest = text[at + call.len()..].trim_start();
                let Some(quote) = rest
                    .chars()
                    .next()
                    .filter(|c| matches!(c, '\'' | '"' | '`'))
                else {
                    continue;
                };
                let body = &rest[1..];
                let Some(end) = body.find(quote) else {
                    continue;
                };
                let id = &body[..end];
                match id.split_once("${") {
                    Some((prefix, _)) if quote == '`' => {
                        out.push((name.clone(), prefix.to_owned(), true));
                    }
                    _ => out.push((name.clone(), id.to_owned(), false)),
                }
            }
        }
    }
    out
}

/// The English ids the client gets (client.ftl, common.ftl, games.ftl), and those of client.ftl.
fn english_client_ids() -> (BTreeSet<String>, BTreeSet<String>) {
    let en = parse(Lang::En);
    let mut sent = BTreeSet::new();
    let mut own = BTreeSet::new();
    for ((file, id), _) in patterns(&en) {
        if id.starts_with('-') || !super::client::CLIENT_FILES.contains(&file) {
            continue;
        }
        if file == "client.ftl" {
            own.insert(id.clone());
        }
        sent.insert(id);
    }
    (sent, own)
}

#[test]
fn every_id_the_client_asks_for_is_an_english_message_it_gets() {
    let (sent, _) = english_client_ids();
    let used = client_ids_in_web();
    assert!(
        used.len() > 100,
        "only {} message ids found in web/*.js: is the scanner broken?",
        used.len()
    );
    let unknown: Vec<String> = used
        .iter()
        .filter(|(_, id, prefix)| {
            if *prefix {
                id.is_empty() || !sent.iter().any(|s| s.starts_with(id.as_str()))
            } else {
                !sent.contains(id)
            }
        })
        .map(|(file, id, prefix)| format!("{file}: {id}{}", if *prefix { "${…}" } else { "" }))
        .collect();
    assert!(
        unknown.is_empty(),
        "web/*.js asks for messages that English's client.ftl, common.ftl and games.ftl do not \
         have: {unknown:?}"
    );
}

#[test]
fn every_client_ftl_message_is_used_by_the_client() {
    let (_, own) = english_client_ids();
    let used = client_ids_in_web();
    let dead: Vec<&String> = own
        .iter()
        .filter(|id| {
            !used.iter().any(|(_, u, prefix)| {
                if *prefix {
                    id.starts_with(u.as_str())
                } else {
                    u == *id
                }
            })
        })
        .collect();
    assert!(
        dead.is_empty(),
        "client.ftl has messages no web/*.js asks for: {dead:?}"
    );
}
