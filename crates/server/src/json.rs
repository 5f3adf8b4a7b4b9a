//! The JSON objects of docs/protocol.md §4, built from the rules library's values.

use mancala::trace::{Event, StopReason};
use mancala::{Direction, EndReason, Outcome, Pit, Position, Side};
use serde_json::{Value, json};

/// `"south"` or `"north"`.
#[must_use]
pub fn side(s: Side) -> &'static str {
    match s {
        Side::South => "south",
        Side::North => "north",
    }
}

fn dir(d: Direction) -> &'static str {
    match d {
        Direction::Clockwise => "clockwise",
        Direction::Anticlockwise => "anticlockwise",
    }
}

fn pit(p: Pit) -> String {
    p.to_string()
}

/// Every pit of the board, as `position.pits` lists them.
fn pits(pos: &Position) -> serde_json::Map<String, Value> {
    Side::ALL
        .into_iter()
        .flat_map(|s| pos.variant().pits(s))
        .map(|p| (p.to_string(), json!(pos.seeds(p))))
        .collect()
}

/// `position` (protocol §4.3).
#[must_use]
pub fn position(pos: &Position) -> Value {
    let variant = pos.variant();
    let per_side = |f: &dyn Fn(Side) -> Option<Value>| {
        Some(json!({"south": f(Side::South)?, "north": f(Side::North)?}))
    };
    json!({
        "diagram": pos.diagram(),
        "turn": side(pos.turn()),
        "pits": pits(pos),
        "hands": per_side(&|s| pos.hand(s).map(Value::from)),
        "stores": per_side(&|s| pos.store(s).map(Value::from)),
        "store_label": variant.stores_field().map(mancala::StoresField::id),
        "houses": variant.game().has_nyumba().then(|| json!({
            "south": nyumba(pos, Side::South),
            "north": nyumba(pos, Side::North),
        })),
        "takasia": pos.takasia().map(pit),
        "reserved": pos.reserved().map(pit),
    })
}

/// The pit of `side`'s functional nyumba, or null once it is destroyed.
fn nyumba(pos: &Position, side: Side) -> Option<String> {
    pos.nyumba_pit(side)
        .filter(|_| pos.owns_nyumba(side))
        .map(pit)
}

/// The legal move texts, with marks.
#[must_use]
pub fn legal(pos: &Position) -> Vec<String> {
    pos.legal_moves()
        .iter()
        .filter_map(|&m| pos.move_text(m).ok())
        .collect()
}

/// `outcome` (protocol §4.1), or null.
#[must_use]
pub fn outcome(o: Option<Outcome>) -> Value {
    let Some(o) = o else { return Value::Null };
    let reason = match o.reason {
        EndReason::FrontRowEmpty => "front_row_empty",
        EndReason::NoLegalMove => "no_legal_move",
        EndReason::Repetition => "repetition",
        EndReason::Resignation => "resignation",
        EndReason::SeedsCounted { .. } => "seeds_counted",
        _ => "other",
    };
    json!({
        "result": o.result_token(),
        "winner": o.winner.map(side),
        "reason": reason,
        "text": capitalise_sides(&o.to_string()),
    })
}

/// One trace event (protocol §4.2).
#[must_use]
pub fn event(e: &Event) -> Value {
    match *e {
        Event::Place { pit: p } => json!({"e": "place", "pit": pit(p)}),
        Event::Lift { pit: p, seeds } => json!({"e": "lift", "pit": pit(p), "seeds": seeds}),
        Event::Tax { pit: p, seeds } => json!({"e": "tax", "pit": pit(p), "seeds": seeds}),
        Event::Sow { pit: p } => json!({"e": "sow", "pit": pit(p)}),
        Event::Capture {
            from,
            seeds,
            kichwa,
            dir: d,
        } => json!({
            "e": "capture", "from": pit(from), "seeds": seeds,
            "kichwa": pit(kichwa), "dir": dir(d),
        }),
        Event::Remove { from, seeds } => json!({"e": "remove", "from": pit(from), "seeds": seeds}),
        Event::Take { from, seeds } => json!({"e": "take", "from": pit(from), "seeds": seeds}),
        Event::Store { side: s } => json!({"e": "store", "side": side(s)}),
        Event::ExtraTurn => json!({"e": "extra_turn"}),
        Event::NyumbaDestroyed { side: s } => json!({"e": "house_destroyed", "side": side(s)}),
        Event::Safari => json!({"e": "safari"}),
        Event::Stop { reason } => json!({"e": "stop", "reason": match reason {
            StopReason::EmptyPit => "empty_pit",
            StopReason::Takasia => "takasia",
            StopReason::Nyumba => "nyumba",
            StopReason::Sown => "sown",
            _ => "other",
        }}),
        Event::GameOver { winner, travelling } => {
            json!({"e": "game_over", "winner": side(winner), "travelling": travelling})
        }
        Event::Takasia { pit: p } => json!({"e": "takasia", "pit": pit(p)}),
        _ => json!({"e": "other", "text": e.to_string()}),
    }
}

/// A sentence for people and screen readers: who played what, and what it took.
#[must_use]
pub fn describe(mover: Side, text: &str, events: &[Event]) -> String {
    let mut out = format!("{} played {text}", capital(mover));
    let mut taken = Vec::new();
    for e in events {
        match *e {
            Event::Capture { from, seeds, .. }
            | Event::Remove { from, seeds }
            | Event::Take { from, seeds } => taken.push(format!("{seeds} from {from}")),
            _ => {}
        }
    }
    if !taken.is_empty() {
        out.push_str(", captured ");
        out.push_str(&taken.join(", "));
    }
    if events.iter().any(|e| matches!(e, Event::ExtraTurn)) {
        out.push_str(", and moves again");
    }
    out
}

/// "1-0 south wins, north's front row is empty" → "1-0 South wins, North's ...".
fn capitalise_sides(text: &str) -> String {
    text.replace("south", "South").replace("north", "North")
}

fn capital(s: Side) -> &'static str {
    match s {
        Side::South => "South",
        Side::North => "North",
    }
}
