//! The rules pages' sources: every block draws a real position and every example's move is
//! legal; each translation has English's sections, numbers and blocks; the English page shows
//! every numbered rule.

use super::*;
use mancala::{Position, SeedTotal, Setup, Variant};

impl Block {
    /// The variant with the block's options.
    ///
    /// # Errors
    /// An unknown variant or option.
    fn variant(&self) -> Result<Variant, String> {
        let v: Variant = self.variant.parse().map_err(|e| format!("{e}"))?;
        v.with_rules(&self.options.join(" "))
            .map_err(|e| format!("{e}"))
    }

    /// The block's position, checked as the server's picture and trace routes check it.
    ///
    /// # Errors
    /// The variant, an option or the diagram is not valid.
    fn position(&self) -> Result<Position, String> {
        let v = self.variant()?;
        let setup: Setup = self.diagram.parse().map_err(|e| format!("{e}"))?;
        let total = if self.partial {
            SeedTotal::AllowPartial
        } else {
            SeedTotal::Exact
        };
        Position::from_setup(v, &setup, total).map_err(|e| format!("{e}"))
    }
}

/// Every page's markdown that exists, with its language.
fn every_source() -> Vec<(Lang, &'static str, &'static str)> {
    let mut out = Vec::new();
    for lang in Lang::ALL {
        for page in pages().into_iter().chain([FAMILY]) {
            if let Some(md) = source(lang, page) {
                out.push((lang, page, md));
            }
        }
    }
    out
}

#[test]
fn every_game_page_and_the_family_page_have_english_sources() {
    for page in pages().into_iter().chain([FAMILY]) {
        assert!(source(Lang::En, page).is_some(), "no docs/rules/{page}.md");
    }
    assert_eq!(pages().len(), 9);
}

#[test]
fn every_block_draws_a_real_position_and_every_example_move_is_legal() {
    let mut examples = 0;
    for (lang, page, md) in every_source() {
        let blocks = blocks(md);
        assert!(
            !blocks.is_empty() || page == FAMILY && lang != Lang::En,
            "{lang}/{page}: no figures"
        );
        for b in blocks {
            let pos = b
                .position()
                .unwrap_or_else(|e| panic!("{lang}/{page}: {} {}: {e}", b.variant, b.diagram));
            assert!(
                !b.caption.is_empty(),
                "{lang}/{page}: a block without caption"
            );
            for m in &b.marks {
                assert!(
                    m.parse::<mancala::Pit>().is_ok(),
                    "{lang}/{page}: bad mark {m}"
                );
            }
            if b.example {
                examples += 1;
                assert!(b.id.is_some(), "{lang}/{page}: an example without id");
                let t = b
                    .try_move
                    .as_deref()
                    .unwrap_or_else(|| panic!("{lang}/{page}: no try"));
                pos.trace_move_text(t)
                    .unwrap_or_else(|e| panic!("{lang}/{page}: {t} in {}: {e}", b.diagram));
            }
        }
    }
    assert!(examples >= 9, "only {examples} examples");
}

#[test]
fn every_game_page_has_an_example_and_a_comparison_with_nine_rows() {
    const ROWS: [&str; 9] = [
        "Board",
        "Seeds",
        "Stages",
        "Moves",
        "Capture",
        "Moves without capture",
        "Special pits",
        "Special rules",
        "How to win",
    ];
    for page in pages() {
        let md = source(Lang::En, page).expect("English");
        assert!(blocks(md).iter().any(|b| b.example), "{page}: no example");
        let d = doc(Lang::En, page).expect("built");
        let c = d
            .comparison()
            .unwrap_or_else(|| panic!("{page}: no comparison"));
        for row in ROWS {
            assert!(
                c.html.contains(&format!("<td>{row}</td>")),
                "{page}: the comparison has no row {row}"
            );
        }
        assert_eq!(
            c.html.matches("<tr>").count(),
            10,
            "{page}: header and nine rows"
        );
    }
}

#[test]
fn the_english_page_shows_every_numbered_section_and_rule() {
    for page in pages() {
        let md = source(Lang::En, page).expect("English");
        let d = doc(Lang::En, page).expect("built");
        let html: String = d.sections.iter().map(|s| s.html.as_str()).collect();
        let (_, _, sections) = split(md);
        for (heading, body) in &sections {
            if let Some(n) = heading_number(heading) {
                assert!(
                    d.sections
                        .iter()
                        .any(|s| s.number.as_deref() == Some(n.as_str())),
                    "{page}: section {n} missing"
                );
                // Every numbered rule of the section (`**R3.2**`) is on the page.
                for rule in body.split("**").skip(1).step_by(2) {
                    if rule.starts_with(&n) && rule.len() <= 8 {
                        assert!(
                            html.contains(&format!("<strong>{rule}</strong>")),
                            "{page}: rule {rule} missing"
                        );
                    }
                }
            }
        }
        // Nothing of the test vectors.
        assert!(!d.sections.iter().any(|s| s.english == "Test vectors"));
    }
}

#[test]
fn every_translation_has_the_english_sections_numbers_and_blocks() {
    for (lang, page, md) in every_source() {
        if lang == Lang::En {
            continue;
        }
        let english = source(Lang::En, page).expect("English");
        let (_, _, en) = split(english);
        let (title, _, tr) = split(md);
        assert!(!title.is_empty(), "{lang}/{page}: no title");
        assert_eq!(
            tr.len(),
            en.len(),
            "{lang}/{page}: {} sections, English has {}",
            tr.len(),
            en.len()
        );
        for ((h, _), (eh, _)) in tr.iter().zip(&en) {
            assert_eq!(
                heading_number(h),
                heading_number(eh),
                "{lang}/{page}: section {h:?} stands where English has {eh:?}"
            );
        }
        let strip = |b: &Block| Block {
            caption: String::new(),
            ..b.clone()
        };
        let want: Vec<Block> = blocks(english).iter().map(strip).collect();
        let have: Vec<Block> = blocks(md).iter().map(strip).collect();
        assert_eq!(
            have, want,
            "{lang}/{page}: the figures differ from English's"
        );
    }
}

#[test]
fn links_to_other_pages_become_site_links() {
    let d = doc(Lang::En, "bao-la-kiswahili").expect("built");
    let html: String = d.sections.iter().map(|s| s.html.as_str()).collect();
    assert!(
        html.contains("href=\"/en/rules/bao-la-kujifunza\""),
        "a link to another game"
    );
    assert!(
        !html.contains(".md\""),
        "no link to a markdown file is left"
    );
    assert!(html.contains("<figure class=\"diagram\">"));
    assert!(html.contains("<figure class=\"example\""));
}

#[test]
fn blocks_read_their_parts() {
    let b = Block::parse(
        "example hus capture_requires_outer partial id=x",
        "0,0 S\ntry: A5\nmarks: A3 a6\ncaption: Look.\n",
    )
    .expect("a block");
    assert!(b.example && b.partial);
    assert_eq!(b.options, ["capture_requires_outer"]);
    assert_eq!(b.id.as_deref(), Some("x"));
    assert_eq!(b.diagram, "0,0 S");
    assert_eq!(b.marks, ["A3", "a6"]);
    assert_eq!(b.try_move.as_deref(), Some("A5"));
    assert_eq!(b.caption, "Look.");
    assert!(Block::parse("rust", "").is_none());
    assert_eq!(heading_number("R10 End of game").as_deref(), Some("R10"));
    assert_eq!(heading_number("Rules revision"), None);
    assert_eq!(heading_number("K1 Board").as_deref(), Some("K1"));
}
