//! The rules pages, built from docs/rules: `docs/rules/{page}.md` is the normative English text
//! and `docs/rules/{lang}/{page}.md` its translations, with the same sections in the same order
//! (a test holds them to it). A page shows every section but the table of contents and the test
//! vectors; its comparison with standard Mancala comes first. Fenced `diagram` blocks become
//! board pictures drawn by the server, `example` blocks live boards on which the reader plays
//! the move (web/example.js; a picture without JavaScript).

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::sync::LazyLock;

use include_dir::{Dir, include_dir};
use mancala::Game;
use pulldown_cmark::{CodeBlockKind, CowStr, Event, HeadingLevel, Options, Parser, Tag, TagEnd};

use crate::draw::escape;
use crate::i18n::Lang;

static DOCS: Dir<'_> = include_dir!("$CARGO_MANIFEST_DIR/../../docs/rules");

/// The family page's source, beside the games' pages.
pub(crate) const FAMILY: &str = "family";

/// English sections the site does not show: the contents (the page makes its own) and the
/// engine's test vectors.
const HIDDEN: [&str; 2] = ["Contents", "Test vectors"];

/// The English headings of the section that compares a game with standard Mancala (Kalah's page
/// describes the reference game itself).
const COMPARISON: [&str; 2] = [
    "How it differs from standard Mancala (Kalah)",
    "The reference game",
];

/// The markdown source of `page` in `lang`, if that language has it.
#[must_use]
pub(crate) fn source(lang: Lang, page: &str) -> Option<&'static str> {
    let path = match lang {
        Lang::En => format!("{page}.md"),
        l => format!("{}/{page}.md", l.code()),
    };
    DOCS.get_file(&path).and_then(|f| f.contents_utf8())
}

/// A figure or example block of a rules page: ```` ```diagram VARIANT [OPTION ...] [partial]
/// [id=ID] ```` then the diagram, `marks:`, `try:` and `caption:` lines.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Block {
    pub example: bool,
    pub variant: String,
    pub options: Vec<String>,
    pub partial: bool,
    pub id: Option<String>,
    pub diagram: String,
    pub marks: Vec<String>,
    pub try_move: Option<String>,
    pub caption: String,
}

impl Block {
    /// Reads a fenced block whose info string starts with `diagram` or `example`.
    pub(crate) fn parse(info: &str, body: &str) -> Option<Self> {
        let mut words = info.split_whitespace();
        let example = match words.next()? {
            "diagram" => false,
            "example" => true,
            _ => return None,
        };
        let variant = words.next()?.to_owned();
        let mut b = Self {
            example,
            variant,
            options: Vec::new(),
            partial: false,
            id: None,
            diagram: String::new(),
            marks: Vec::new(),
            try_move: None,
            caption: String::new(),
        };
        for w in words {
            if w == "partial" {
                b.partial = true;
            } else if let Some(id) = w.strip_prefix("id=") {
                b.id = Some(id.to_owned());
            } else {
                b.options.push(w.to_owned());
            }
        }
        for line in body.lines().map(str::trim).filter(|l| !l.is_empty()) {
            if let Some(m) = line.strip_prefix("marks:") {
                b.marks = m.split_whitespace().map(str::to_owned).collect();
            } else if let Some(m) = line.strip_prefix("try:") {
                b.try_move = Some(m.trim().to_owned());
            } else if let Some(c) = line.strip_prefix("caption:") {
                c.trim().clone_into(&mut b.caption);
            } else if b.diagram.is_empty() {
                line.clone_into(&mut b.diagram);
            }
        }
        Some(b)
    }

    /// The query of the picture and position routes: `variant=..&d=..`.
    fn query(&self) -> String {
        let mut q = form_urlencoded::Serializer::new(String::new());
        q.append_pair("variant", &self.variant);
        if !self.options.is_empty() {
            q.append_pair("rules", &self.options.join(" "));
        }
        q.append_pair("d", &self.diagram);
        if self.partial {
            q.append_pair("partial", "1");
        }
        q.finish()
    }

    fn html(&self, lang: Lang) -> String {
        let mut picture = format!("/{lang}/diagram.svg?{}", self.query());
        if !self.marks.is_empty() {
            picture.push_str("&marks=");
            picture.push_str(&self.marks.join(","));
        }
        let picture = escape(&picture);
        let caption = escape(&self.caption);
        if self.example {
            format!(
                "<figure class=\"example\" id=\"example-{id}\" data-variant=\"{v}\" data-rules=\"{r}\" \
                 data-diagram=\"{d}\" data-partial=\"{p}\" data-try=\"{t}\">\
                 <img class=\"example-picture\" src=\"{picture}\" alt=\"{caption}\" loading=\"lazy\">\
                 <figcaption>{caption}</figcaption></figure>\n",
                id = escape(self.id.as_deref().unwrap_or("example")),
                v = escape(&self.variant),
                r = escape(&self.options.join(" ")),
                d = escape(&self.diagram),
                p = u8::from(self.partial),
                t = escape(self.try_move.as_deref().unwrap_or("")),
            )
        } else {
            format!(
                "<figure class=\"diagram\"><img src=\"{picture}\" alt=\"{caption}\" loading=\"lazy\">\
                 <figcaption>{caption}</figcaption></figure>\n"
            )
        }
    }
}

/// One `##` section of a page.
#[derive(Clone, Debug)]
pub(crate) struct Section {
    /// The heading as HTML.
    pub heading_html: String,
    /// The rule number that starts the heading (`R3`, `K1`), if any.
    pub number: Option<String>,
    /// The anchor: the number in lower case, else `s` and the section's index.
    pub anchor: String,
    /// The English heading of the same section.
    pub english: String,
    /// The body as HTML.
    pub html: String,
}

/// A rules page in one language.
#[derive(Clone, Debug)]
pub(crate) struct Doc {
    pub title: String,
    /// The lines before the first section, as HTML: the family page's introduction (a game's
    /// page speaks there to the engine's readers, and the site leaves it out).
    pub intro: String,
    pub sections: Vec<Section>,
    /// Whether this is the English text shown because the language has no translation yet.
    pub fallback: bool,
}

impl Doc {
    /// The section comparing the game with standard Mancala.
    #[must_use]
    pub(crate) fn comparison(&self) -> Option<&Section> {
        self.sections
            .iter()
            .find(|s| COMPARISON.contains(&s.english.as_str()))
    }

    /// Every section but the comparison, in the page's order.
    pub(crate) fn rest(&self) -> impl Iterator<Item = &Section> {
        self.sections
            .iter()
            .filter(|s| !COMPARISON.contains(&s.english.as_str()))
    }
}

/// The raw `##` sections of a markdown text: (heading, body), the title and the intro, with the
/// hidden English sections dropped.
pub(crate) fn split(md: &str) -> (String, String, Vec<(String, String)>) {
    let mut title = String::new();
    let mut intro = String::new();
    let mut sections: Vec<(String, String)> = Vec::new();
    let mut fence = false;
    for line in md.lines() {
        if line.trim_start().starts_with("```") {
            fence = !fence;
        }
        if !fence {
            if let Some(h) = line.strip_prefix("## ") {
                sections.push((h.trim().to_owned(), String::new()));
                continue;
            }
            if let Some(h) = line.strip_prefix("# ")
                && title.is_empty()
            {
                h.trim().clone_into(&mut title);
                continue;
            }
        }
        let body = sections.last_mut().map_or(&mut intro, |(_, b)| b);
        body.push_str(line);
        body.push('\n');
    }
    sections.retain(|(h, _)| !HIDDEN.contains(&h.as_str()));
    (title, intro, sections)
}

/// The rule number a heading starts with: one capital letter and digits (`R10`, `K1`, `O4`).
#[must_use]
pub(crate) fn heading_number(heading: &str) -> Option<String> {
    let first = heading.split_whitespace().next()?;
    let mut chars = first.chars();
    let letter = chars.next()?;
    let rest: String = chars.collect();
    (letter.is_ascii_uppercase() && !rest.is_empty() && rest.chars().all(|c| c.is_ascii_digit()))
        .then(|| first.to_owned())
}

/// GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens.
fn github_slug(heading: &str) -> String {
    heading
        .to_lowercase()
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
            _ => None,
        })
        .collect()
}

/// Markdown to HTML, with links to other rules pages made site links, links out of the rules
/// folder made plain text, English anchors mapped to the page's, and blocks drawn.
fn render(md: &str, lang: Lang, anchors: &BTreeMap<String, String>) -> String {
    let mut opts = Options::empty();
    opts.insert(Options::ENABLE_TABLES);
    opts.insert(Options::ENABLE_STRIKETHROUGH);
    let mut events: Vec<Event<'_>> = Vec::new();
    let mut block: Option<(String, String)> = None;
    let mut dropped_links = 0usize;
    let mut link_stack: Vec<bool> = Vec::new();
    for ev in Parser::new_ext(md, opts) {
        if let Some((info, body)) = &mut block {
            match ev {
                Event::Text(t) => body.push_str(&t),
                Event::End(TagEnd::CodeBlock) => {
                    let html = Block::parse(info, body)
                        .map(|b| b.html(lang))
                        .unwrap_or_default();
                    events.push(Event::Html(CowStr::from(html)));
                    block = None;
                }
                _ => {}
            }
            continue;
        }
        match ev {
            Event::Start(Tag::CodeBlock(CodeBlockKind::Fenced(ref info)))
                if info.starts_with("diagram") || info.starts_with("example") =>
            {
                block = Some((info.to_string(), String::new()));
            }
            Event::Start(Tag::Link {
                link_type,
                dest_url,
                title,
                id,
            }) => match site_link(&dest_url, lang, anchors) {
                Some(url) => {
                    link_stack.push(true);
                    events.push(Event::Start(Tag::Link {
                        link_type,
                        dest_url: CowStr::from(url),
                        title,
                        id,
                    }));
                }
                None => {
                    link_stack.push(false);
                    dropped_links += 1;
                }
            },
            Event::End(TagEnd::Link) => {
                if link_stack.pop().unwrap_or(false) {
                    events.push(Event::End(TagEnd::Link));
                }
            }
            Event::Start(Tag::Heading {
                level: HeadingLevel::H1,
                ..
            }) => events.push(Event::Html(CowStr::from("<h2>"))),
            Event::End(TagEnd::Heading(HeadingLevel::H1)) => {
                events.push(Event::Html(CowStr::from("</h2>")));
            }
            ev => events.push(ev),
        }
    }
    let _ = dropped_links;
    let mut html = String::new();
    pulldown_cmark::html::push_html(&mut html, events.into_iter());
    // Tables scroll sideways on a phone rather than widen the page.
    html.replace("<table>", "<div class=\"table\"><table>")
        .replace("</table>", "</table></div>")
}

/// Where a link of a rules page goes on the site, or `None` to show its text only.
fn site_link(dest: &str, lang: Lang, anchors: &BTreeMap<String, String>) -> Option<String> {
    if dest.starts_with("http://") || dest.starts_with("https://") {
        return Some(dest.to_owned());
    }
    if let Some(anchor) = dest.strip_prefix('#') {
        if anchor.starts_with("example-") {
            return Some(dest.to_owned());
        }
        return anchors.get(anchor).map(|a| format!("#{a}"));
    }
    let (file, anchor) = dest.split_once('#').unwrap_or((dest, ""));
    let page = file.strip_suffix(".md")?;
    if page.contains('/') || !(page == FAMILY || pages().contains(&page)) {
        return None;
    }
    let mut url = if page == FAMILY {
        format!("/{lang}/rules")
    } else {
        format!("/{lang}/rules/{page}")
    };
    if !anchor.is_empty() {
        // Another page's English anchor: its number where it has one.
        let number = anchor.split('-').next().unwrap_or("");
        if heading_number(&number.to_uppercase()).is_some() {
            let _ = write!(url, "#{number}");
        }
    }
    Some(url)
}

/// The rules pages of the games, in `Game::ALL`'s order.
#[must_use]
pub(crate) fn pages() -> Vec<&'static str> {
    let mut out: Vec<&'static str> = Vec::new();
    for g in Game::ALL {
        if !out.contains(&g.rules_page()) {
            out.push(g.rules_page());
        }
    }
    out
}

/// Builds `page` in `lang` (the English text, marked as a fallback, where the language has no
/// translation yet); `None` for a page that does not exist.
fn build(lang: Lang, page: &str) -> Option<Doc> {
    let english = source(Lang::En, page)?;
    let (text, fallback) = match source(lang, page) {
        Some(t) => (t, false),
        None => (english, lang != Lang::En),
    };
    let (_, _, en_sections) = split(english);
    let (title, intro, sections) = split(text);
    // English anchors (GitHub's) to the page's own, by position.
    let mut anchors = BTreeMap::new();
    let anchor_of = |i: usize, heading: &str| {
        heading_number(heading).map_or_else(|| format!("s{}", i + 1), |n| n.to_lowercase())
    };
    for (i, (h, _)) in en_sections.iter().enumerate() {
        anchors.insert(github_slug(h), anchor_of(i, h));
    }
    let sections = sections
        .iter()
        .enumerate()
        .map(|(i, (h, body))| {
            let heading_html = render(h, lang, &anchors);
            let heading_html = heading_html
                .trim()
                .trim_start_matches("<p>")
                .trim_end_matches("</p>")
                .to_owned();
            Section {
                heading_html,
                number: heading_number(h),
                anchor: anchor_of(i, h),
                english: en_sections
                    .get(i)
                    .map(|(e, _)| e.clone())
                    .unwrap_or_default(),
                html: render(body, lang, &anchors),
            }
        })
        .collect();
    Some(Doc {
        title,
        intro: render(&intro, lang, &anchors),
        sections,
        fallback,
    })
}

static BUILT: LazyLock<BTreeMap<(&'static str, &'static str), Doc>> = LazyLock::new(|| {
    let mut out = BTreeMap::new();
    for lang in Lang::ALL {
        for page in pages().into_iter().chain([FAMILY]) {
            if let Some(doc) = build(lang, page) {
                out.insert((lang.code(), page), doc);
            }
        }
    }
    out
});

/// The page `page` (a game's rules page, or [`FAMILY`]) in `lang`.
#[must_use]
pub(crate) fn doc(lang: Lang, page: &str) -> Option<&'static Doc> {
    BUILT
        .iter()
        .find(|((l, p), _)| *l == lang.code() && *p == page)
        .map(|(_, d)| d)
}

/// Every figure and example block of a markdown text.
#[cfg(test)]
#[must_use]
pub(crate) fn blocks(md: &str) -> Vec<Block> {
    let mut out = Vec::new();
    let mut cur: Option<(String, String)> = None;
    for ev in Parser::new(md) {
        match (&mut cur, ev) {
            (None, Event::Start(Tag::CodeBlock(CodeBlockKind::Fenced(info)))) => {
                cur = Some((info.to_string(), String::new()));
            }
            (Some((_, body)), Event::Text(t)) => body.push_str(&t),
            (Some((info, body)), Event::End(TagEnd::CodeBlock)) => {
                out.extend(Block::parse(info, body));
                cur = None;
            }
            _ => {}
        }
    }
    out
}

#[cfg(test)]
mod tests;

/// The rules pages, the family page and the about page as routes.
pub(crate) mod routes {
    use askama::Template;
    use axum::extract::Path;
    use axum::response::Html;
    use mancala::Game;

    use super::{FAMILY, Section, doc, pages};
    use crate::http::{ApiError, PageError, page_err, render};
    use crate::i18n::{Arg, s};
    use crate::pages::{Chrome, PageCtx, board_text, level_name};
    use crate::protocol::GameError;

    #[derive(Template, Debug)]
    #[template(path = "rules.html")]
    pub(crate) struct RulesPage {
        pub chrome: Chrome,
        pub summary: String,
        /// An introduction as HTML (the family page's).
        pub intro: String,
        /// (term, value) lines under the title.
        pub facts: Vec<(String, String)>,
        /// (href, text) of the Play buttons.
        pub plays: Vec<(String, String)>,
        pub notice: String,
        pub comparison: Option<&'static Section>,
        pub sections: Vec<&'static Section>,
        /// (href, text) of the links at the end.
        pub links: Vec<(String, String)>,
    }

    #[derive(Template, Debug)]
    #[template(path = "about.html")]
    pub(crate) struct AboutPage {
        pub chrome: Chrome,
        /// (href, text): each rules page's sources.
        pub sources: Vec<(String, String)>,
        pub levels: Vec<String>,
        pub version_text: String,
    }

    fn not_found(ctx: &PageCtx) -> PageError {
        page_err(ctx)(ApiError::from(GameError::not_found(
            "there is no such rules page",
        )))
    }

    /// `GET /{lang}/rules/{page}`.
    pub(crate) async fn rules_page(
        ctx: PageCtx,
        Path((_, page)): Path<(String, String)>,
    ) -> Result<Html<String>, PageError> {
        let tr = ctx.tr();
        let lang = ctx.lang;
        let games: Vec<Game> = Game::ALL
            .into_iter()
            .filter(|g| g.rules_page() == page)
            .collect();
        let (Some(&first), Some(d)) = (games.first(), doc(lang, &page)) else {
            return Err(not_found(&ctx));
        };
        let name = tr.game(first);
        let mut boards: Vec<String> = games.iter().map(|&g| board_text(tr, g)).collect();
        boards.dedup();
        let page_ref: &str = &page;
        let plays = games
            .iter()
            .map(|&g| {
                (
                    format!("/{lang}/?variant={}#new-game", g.slug()),
                    tr.t1("rules-play", "game", s(tr.game(g))),
                )
            })
            .collect();
        let html = RulesPage {
            chrome: Chrome::new(&ctx, tr.t1("rules-title", "game", s(name))),
            summary: tr.t(&format!("page-{page_ref}-summary")),
            intro: String::new(),
            facts: vec![
                (tr.t("rules-boards"), boards.join(" · ")),
                (tr.t("rules-where"), tr.t(&format!("page-{page_ref}-where"))),
            ],
            plays,
            notice: if d.fallback {
                tr.t("rules-untranslated")
            } else {
                String::new()
            },
            comparison: d.comparison(),
            sections: d.rest().collect(),
            links: vec![
                (format!("/{lang}/rules"), tr.t("rules-family-link")),
                (format!("/{lang}/about"), tr.t("rules-about-link")),
            ],
        };
        render(&html).map_err(page_err(&ctx))
    }

    /// `GET /{lang}/rules`: the family page.
    pub(crate) async fn family_page(ctx: PageCtx) -> Result<Html<String>, PageError> {
        let tr = ctx.tr();
        let lang = ctx.lang;
        let d = doc(lang, FAMILY).ok_or_else(|| not_found(&ctx))?;
        let links = pages()
            .into_iter()
            .filter_map(|p| {
                let g = Game::ALL.into_iter().find(|g| g.rules_page() == p)?;
                Some((
                    format!("/{lang}/rules/{p}"),
                    tr.t1("rules-title", "game", s(tr.game(g))),
                ))
            })
            .chain([(format!("/{lang}/about"), tr.t("rules-about-link"))])
            .collect();
        let html = RulesPage {
            chrome: Chrome::new(&ctx, d.title.clone()),
            summary: String::new(),
            intro: d.intro.clone(),
            facts: Vec::new(),
            plays: Vec::new(),
            notice: if d.fallback {
                tr.t("rules-untranslated")
            } else {
                String::new()
            },
            comparison: None,
            sections: d.sections.iter().collect(),
            links,
        };
        render(&html).map_err(page_err(&ctx))
    }

    /// `GET /{lang}/about`.
    pub(crate) async fn about_page(ctx: PageCtx) -> Result<Html<String>, PageError> {
        let tr = ctx.tr();
        let lang = ctx.lang;
        let sources = pages()
            .into_iter()
            .filter_map(|p| {
                let g = Game::ALL.into_iter().find(|g| g.rules_page() == p)?;
                let anchor = doc(lang, p)?
                    .sections
                    .iter()
                    .find(|s| s.english == "Sources")
                    .map(|s| s.anchor.clone())
                    .unwrap_or_default();
                Some((
                    format!("/{lang}/rules/{p}#{anchor}"),
                    tr.t1("rules-title", "game", s(tr.game(g))),
                ))
            })
            .collect();
        let levels = (1..=8)
            .map(|n| {
                tr.args(
                    "level-choice",
                    &[("level", Arg::from(n)), ("name", s(level_name(tr, n)))],
                )
            })
            .collect();
        let html = AboutPage {
            chrome: Chrome::new(&ctx, tr.t("about-title")),
            sources,
            levels,
            version_text: tr.args(
                "about-version",
                &[
                    ("version", s(env!("CARGO_PKG_VERSION"))),
                    ("commit", s(env!("MANCALA_GIT_HASH"))),
                ],
            ),
        };
        render(&html).map_err(page_err(&ctx))
    }
}
