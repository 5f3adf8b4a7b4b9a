//! The site's languages and their messages: Fluent files under `crates/server/locales/{lang}/`,
//! one bundle per language, built once. Pages ask [`Tr`]; the board client gets the messages of
//! `client.ftl`, `common.ftl` and `games.ftl` compiled to JSON ([`client_json`]) and formats them itself with
//! the browser's plural rules.
//!
//! English is the source: every other locale has exactly its message ids (a test holds them to
//! it), so there is no fallback at run time; a missing message shows its id, which the tests
//! look for on every rendered page.

mod client;
mod negotiate;

use std::borrow::Cow;
use std::fmt;
use std::sync::LazyLock;

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
use include_dir::{Dir, include_dir};

pub(crate) use negotiate::pick;

static LOCALES: Dir<'_> = include_dir!("$CARGO_MANIFEST_DIR/locales");

/// A language of the site.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Lang {
    /// English, the source of every translation.
    En,
    /// Swahili.
    Sw,
    /// Russian.
    Ru,
    /// Czech.
    Cs,
    /// Ukrainian.
    Uk,
    /// Polish.
    Pl,
    /// Georgian.
    Ka,
}

impl Lang {
    /// Every language, in the switcher's order.
    pub const ALL: [Self; 7] = [
        Self::En,
        Self::Sw,
        Self::Ru,
        Self::Cs,
        Self::Uk,
        Self::Pl,
        Self::Ka,
    ];

    /// The code in URLs, cookies and `<html lang>`: `en`, `sw`, ...
    #[must_use]
    pub const fn code(self) -> &'static str {
        match self {
            Self::En => "en",
            Self::Sw => "sw",
            Self::Ru => "ru",
            Self::Cs => "cs",
            Self::Uk => "uk",
            Self::Pl => "pl",
            Self::Ka => "ka",
        }
    }

    /// The language of a code, if the site has it.
    #[must_use]
    pub fn from_code(code: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|l| l.code() == code)
    }

    const fn index(self) -> usize {
        self as usize
    }

    /// The translator of this language.
    #[must_use]
    pub const fn tr(self) -> Tr {
        Tr(self)
    }
}

impl fmt::Display for Lang {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// The Fluent files of a language, as `(file name, text)`, in name order.
pub(crate) fn sources(lang: Lang) -> Vec<(&'static str, &'static str)> {
    let mut files: Vec<_> = LOCALES
        .get_dir(lang.code())
        .map(|d| {
            d.files()
                .filter(|f| f.path().extension().is_some_and(|e| e == "ftl"))
                .filter_map(|f| {
                    Some((
                        f.path().file_name()?.to_str()?,
                        f.contents_utf8().unwrap_or(""),
                    ))
                })
                .collect()
        })
        .unwrap_or_default();
    files.sort_unstable_by_key(|(name, _)| *name);
    files
}

struct Catalog {
    bundles: Vec<FluentBundle<FluentResource>>,
    client: Vec<String>,
}

static CATALOG: LazyLock<Catalog> = LazyLock::new(|| {
    let bundles = Lang::ALL.iter().map(|&l| bundle(l)).collect();
    let client = Lang::ALL.iter().map(|&l| client::compile(l)).collect();
    Catalog { bundles, client }
});

fn bundle(lang: Lang) -> FluentBundle<FluentResource> {
    let id: unic_langid::LanguageIdentifier = lang
        .code()
        .parse()
        .unwrap_or_else(|_| unic_langid::LanguageIdentifier::default());
    let mut b = FluentBundle::new_concurrent(vec![id]);
    // Every language of the site is written left to right: no isolation marks around values.
    b.set_use_isolating(false);
    for (name, text) in sources(lang) {
        // A file with a syntax error still gives its good messages; the tests refuse the error.
        let res = FluentResource::try_new(text.to_owned()).unwrap_or_else(|(res, errors)| {
            tracing::error!(%lang, file = name, ?errors, "message file has errors");
            res
        });
        if let Err(errors) = b.add_resource(res) {
            tracing::error!(%lang, file = name, ?errors, "message file repeats ids");
        }
    }
    b
}

/// A value for a message's variable.
pub type Arg = FluentValue<'static>;

/// The messages of one language: `tr.t("home-title")`, `tr.t1("moves-count", "count", 3)`.
/// An id may name an attribute, `game-hus.summary`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tr(pub Lang);

impl Tr {
    /// The language.
    #[must_use]
    pub const fn lang(self) -> Lang {
        self.0
    }

    /// The message `id` with the variables `args`; the id itself when it is missing.
    #[must_use]
    pub fn args(self, id: &str, args: &[(&str, Arg)]) -> String {
        let b = &CATALOG.bundles[self.0.index()];
        let (name, attr) = id.split_once('.').map_or((id, None), |(m, a)| (m, Some(a)));
        let Some(msg) = b.get_message(name) else {
            return id.to_owned();
        };
        let pattern = match attr {
            None => msg.value(),
            Some(a) => msg.get_attribute(a).map(|a| a.value()),
        };
        let Some(pattern) = pattern else {
            return id.to_owned();
        };
        let mut fa = FluentArgs::new();
        for (k, v) in args {
            fa.set(*k, v.clone());
        }
        let mut errors = Vec::new();
        let out = b.format_pattern(pattern, (!args.is_empty()).then_some(&fa), &mut errors);
        if !errors.is_empty() {
            tracing::warn!(lang = %self.0, id, ?errors, "message formatted with errors");
        }
        out.into_owned()
    }

    /// The message `id`, without variables.
    #[must_use]
    pub fn t(self, id: &str) -> String {
        self.args(id, &[])
    }

    /// The message `id` with one variable.
    #[must_use]
    pub fn t1(self, id: &str, name: &str, value: impl Into<Arg>) -> String {
        self.args(id, &[(name, value.into())])
    }

    /// The message `id` with two variables.
    #[must_use]
    pub fn t2(
        self,
        id: &str,
        (n1, v1): (&str, impl Into<Arg>),
        (n2, v2): (&str, impl Into<Arg>),
    ) -> String {
        self.args(id, &[(n1, v1.into()), (n2, v2.into())])
    }

    /// Whether the language has the message `id` (attributes too).
    #[must_use]
    pub fn has(self, id: &str) -> bool {
        let b = &CATALOG.bundles[self.0.index()];
        let (name, attr) = id.split_once('.').map_or((id, None), |(m, a)| (m, Some(a)));
        b.get_message(name)
            .is_some_and(|m| attr.map_or(m.value().is_some(), |a| m.get_attribute(a).is_some()))
    }

    /// The name of a variant's game for people: the message `game-{slug}`.
    #[must_use]
    pub fn game(self, game: mancala::Game) -> String {
        self.t(&format!("game-{}", game.slug()))
    }

    /// A side's name: `South`, `North`.
    #[must_use]
    pub fn side(self, side: mancala::Side) -> String {
        self.t(match side {
            mancala::Side::South => "side-south",
            mancala::Side::North => "side-north",
        })
    }
}

/// The board client's messages of `lang` as JSON (`{"lang": "ru", "messages": {id: pattern}}`,
/// the pattern format of web/i18n.js).
#[must_use]
pub fn client_json(lang: Lang) -> &'static str {
    &CATALOG.client[lang.index()]
}

/// A string for a Fluent variable.
#[must_use]
pub fn s(v: impl Into<Cow<'static, str>>) -> Arg {
    FluentValue::String(v.into())
}

#[cfg(test)]
mod tests;
