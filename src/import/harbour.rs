//! harbour-tarock (github.com/smatkovi/harbour-tarock, Königrufen): its
//! deal files (`tests/fixtures/kr_hand*.json`): the seats, the dealer and
//! forehand, the dealt hands, the talon in two piles and every action in
//! order, bids to plays.
//!
//! Cards: suit letter, `:`, rank (`H:K` king, `H:D` Dame the queen, `H:R`
//! Reiter the knight, `H:B` Bube the jack, spot cards by number); tarocks
//! as Roman numerals (`IIII` for 4 as well as `IV`), `Sk` the Sküs (T22).
//! Seats are numbered in order of play, as the notation's.

use notation::{Card, Kind, Problem, Variant};
use serde::Deserialize;
use serde_json::value::RawValue;

use super::json::{comment, tag_value, All, Doc, Fault};

#[derive(Deserialize)]
struct Deal<'a> {
    #[serde(default)]
    id: Option<String>,
    #[serde(default)]
    title: Option<String>,
    #[serde(default)]
    profile: Option<String>,
    #[serde(borrow)]
    players: &'a RawValue,
    #[serde(default)]
    seats: Vec<String>,
    dealer: u8,
    #[serde(borrow)]
    forehand: &'a RawValue,
    #[serde(borrow)]
    hands: Vec<Vec<&'a RawValue>>,
    #[serde(borrow)]
    talon: Vec<Vec<&'a RawValue>>,
    #[serde(borrow)]
    actions: Vec<&'a RawValue>,
    #[serde(default)]
    expected: Option<Expected>,
}

/// What harbour-tarock computed for the deal: written as a comment.
#[derive(Deserialize)]
struct Expected {
    #[serde(default)]
    schrift: Option<Vec<i64>>,
    #[serde(default)]
    geld: Option<Vec<i64>>,
}

#[derive(Deserialize)]
struct Action<'a> {
    seat: u8,
    #[serde(rename = "type")]
    kind: String,
    #[serde(default)]
    a: Option<String>,
    #[serde(default)]
    suit: Option<String>,
    #[serde(default)]
    half: Option<u8>,
    #[serde(borrow, default)]
    card: Option<&'a RawValue>,
    #[serde(default)]
    bonus: Option<String>,
    #[serde(default)]
    posten: Option<String>,
    #[serde(default)]
    level: Option<u32>,
}

/// The action types read, for the help of an unknown one.
const TYPES: &str = "OPEN_FOREHAND, PASS, BID, CALL_KING, TAKE_TALON, DISCARD, CONFIRM_DISCARD, ANNOUNCE, KONTRA, READY, PLAY";

/// harbour-tarock's games (German names, `_` ignored) and the notation's.
const GAMES: [(&str, &str); 16] = [
    ("RUFER", "caller"),
    ("PICCOLO", "piccolo"),
    ("SOLORUFER", "solo-caller"),
    ("PAGATRUFER", "pagat-caller"),
    ("BETTLER", "beggar"),
    ("UHURUFER", "uhu-caller"),
    ("FARBENDREIER", "three-of-suits"),
    ("DREIER", "three"),
    ("PICCOLOOUVERT", "piccolo-ouvert"),
    ("PELIKANRUFER", "pelican-caller"),
    ("QUAPILRUFER", "quapil-caller"),
    ("BETTLEROUVERT", "beggar-ouvert"),
    ("FARBENSOLODREIER", "solo-three-of-suits"),
    ("SOLODREIER", "solo-three"),
    ("SECHSERDREIER", "six-threes"),
    ("TRISCHAKEN", "trischaken"),
];

/// harbour-tarock's bonuses (`posten`) and the notation's contra targets.
const BONUSES: [(&str, &str); 11] = [
    ("GAME", "game"),
    ("PAGAT", "pagat"),
    ("UHU", "uhu"),
    ("PELIKAN", "pelican"),
    ("QUAPIL", "quapil"),
    ("KOENIGULTIMO", "king-ultimo"),
    ("TRULL", "trull"),
    ("ALLEKOENIGE", "four-kings"),
    ("HONNEURS", "honours"),
    ("ABSOLUT", "absolut"),
    ("VALAT", "valat"),
];

fn word(table: &[(&'static str, &'static str)], name: &str) -> Option<&'static str> {
    let key: String = name
        .chars()
        .filter(|c| *c != '_')
        .collect::<String>()
        .to_uppercase();
    let key = key.replace('Ö', "OE");
    table.iter().find(|(k, _)| *k == key).map(|(_, w)| *w)
}

/// A harbour-tarock card (`H:R`, `XIX`, `IIII`, `Sk`).
pub fn card(code: &str) -> Option<Card> {
    if code == "Sk" {
        return Some(Card::SKUS);
    }
    if let Some((suit, rank)) = code.split_once(':') {
        if !matches!(suit, "S" | "H" | "D" | "C") {
            return None;
        }
        let rank = match rank {
            "K" => "K",
            "D" => "Q",
            "R" => "N",
            "B" => "J",
            spot if !spot.is_empty() && spot.bytes().all(|b| b.is_ascii_digit()) => spot,
            _ => return None,
        };
        return Card::parse_canonical(format!("{suit}{rank}").as_bytes());
    }
    if code == "IIII" {
        return Card::trump(4);
    }
    // Roman numerals I..XXI (the notation's aliases; upper case only here).
    if !code.is_empty() && code.bytes().all(|b| matches!(b, b'I' | b'V' | b'X')) {
        return Card::parse_code(code).filter(|c| c.is_trump());
    }
    None
}

fn cards(doc: &Doc, list: &[&RawValue]) -> Result<Vec<Card>, Fault> {
    list.iter().map(|raw| one_card(doc, raw)).collect()
}

fn one_card(doc: &Doc, raw: &RawValue) -> Result<Card, Fault> {
    let text = doc.string(raw, "a card")?;
    let card = card(&text)
        .filter(|c| Variant::Koenigrufen.deck().contains(*c))
        .ok_or_else(|| {
            Problem::new(Kind::UnknownCard, format!("`{text}` is not a harbour-tarock card of the Königrufen pack"))
                .at(doc.span(raw), "not a card")
                .help("harbour-tarock's cards: `H:K` king, `H:D` queen, `H:R` knight, `H:B` jack, `H:1`..`H:4` and `S:7`..`S:10` spot cards, tarocks `I`..`XXI` (`IIII` too), `Sk` the Sküs")
        })?;
    Ok(card)
}

/// Where an action is, to point at it.
struct At<'a> {
    doc: &'a Doc,
    raw: &'a RawValue,
}

impl At<'_> {
    fn problem(&self, message: String, help: &str) -> Problem {
        Problem::new(Kind::BadJson, message)
            .at(self.doc.span(self.raw), "this action")
            .help(help.to_owned())
    }
}

/// The record's text of a harbour-tarock deal file (`name`: the file, for the
/// record's comment).
pub fn import(doc: &Doc, name: &str) -> Result<String, Vec<Problem>> {
    record_text(doc, name).all()
}

fn record_text(doc: &Doc, name: &str) -> Result<String, Fault> {
    let deal: Deal = doc.parse()?;
    let players: u8 = doc.parse_raw(deal.players)?;
    if players != 4 || deal.hands.len() != 4 {
        return Err(Problem::new(
            Kind::BadJson,
            format!("a deal of {players} players: Königrufen is played by four"),
        )
        .at(doc.span(deal.players), "not four")
        .help("only four-player deals can be imported")
        .into());
    }
    let forehand: u8 = doc.parse_raw(deal.forehand)?;
    if deal.dealer > 3 || forehand != (deal.dealer + 1) % 4 {
        return Err(Problem::new(
            Kind::BadJson,
            format!("forehand {forehand} does not follow dealer {}", deal.dealer),
        )
        .at(doc.span(deal.forehand), "this forehand")
        .help("the notation numbers seats in order of play: the forehand is the seat after the dealer (KR-DEAL-2)").into());
    }
    let mut hands = Vec::new();
    for hand in &deal.hands {
        hands.push(cards(doc, hand)?);
    }
    let talon: Vec<Card> = deal
        .talon
        .iter()
        .map(|pile| cards(doc, pile))
        .collect::<Result<Vec<_>, _>>()?
        .concat();

    let mut mapped = Mapped::new(forehand);
    for raw in &deal.actions {
        let at = At { doc, raw };
        let action: Action = doc.parse_raw(raw)?;
        mapped.take(at, action)?;
    }
    let tricks = tricks(&mapped.plays)?;
    Ok(text(name, &deal, &hands, &talon, mapped, &tricks))
}

/// The actions mapped so far, in the notation's sections: the auction
/// until the first action of another kind, then the calls (king, talon,
/// call round), the discard, the plays.
struct Mapped<'a> {
    forehand: u8,
    auction: Vec<String>,
    calls: Vec<String>,
    discard: Vec<Card>,
    plays: Vec<(u8, Card, At<'a>)>,
    in_auction: bool,
    bidder: Option<u8>,
    /// The forehand's `OPEN_FOREHAND`, as a comment for its next auction entry.
    opened: Option<String>,
    /// The seat that made the last call of the call round: its `READY`
    /// right after ends its turn and is no pass.
    caller: Option<u8>,
}

impl<'a> Mapped<'a> {
    fn new(forehand: u8) -> Mapped<'a> {
        Mapped {
            forehand,
            auction: Vec::new(),
            calls: Vec::new(),
            discard: Vec::new(),
            plays: Vec::new(),
            in_auction: true,
            bidder: None,
            opened: None,
            caller: None,
        }
    }

    /// One action, mapped or refused at its place.
    fn take(&mut self, at: At<'a>, action: Action<'a>) -> Result<(), Fault> {
        let s = action.seat;
        if s > 3 {
            return Err(at
                .problem(
                    format!("seat {s} is not at a table of four"),
                    "seats are 0 to 3",
                )
                .into());
        }
        let kind = action.kind.as_str();
        if !matches!(kind, "OPEN_FOREHAND" | "PASS" | "BID") {
            self.in_auction = false;
        }
        if !matches!(kind, "READY" | "ANNOUNCE" | "KONTRA") {
            self.caller = None;
        }
        match kind {
            "OPEN_FOREHAND" => {
                self.opened = Some(format!(
                    " {}",
                    comment(&format!("harbour-tarock: seat {s}, the forehand, opened the bidding (OPEN_FOREHAND)"))
                ));
            }
            "PASS" if self.in_auction => {
                let opened = self.opened_by(s);
                self.auction.push(format!("{s} pass{opened}"));
            }
            "PASS" => self.calls.push(format!("{s} pass")),
            "BID" => {
                let a = action.a.as_deref().unwrap_or("");
                let game = word(&GAMES, a).ok_or_else(|| {
                    at.problem(
                        format!("`{a}` is no game of the project's Königrufen"),
                        "the games of spec/rules/koenigrufen.md (KR-BID-2, KR-BID-3) are the only ones the notation can say; harbour-tarock's BESSERRUFER (a caller bid by a seat other than the forehand) has none: such a deal cannot be imported",
                    )
                })?;
                if !self.in_auction {
                    return Err(at
                        .problem(
                            "a bid after the auction".into(),
                            "every bid comes before the king call, the talon and the calls",
                        )
                        .into());
                }
                self.bidder = Some(s);
                let opened = self.opened_by(s);
                self.auction.push(format!("{s} {game}{opened}"));
            }
            "CALL_KING" => {
                let suit = action.suit.as_deref().unwrap_or("");
                if !matches!(suit, "S" | "H" | "D" | "C") {
                    return Err(at
                        .problem(
                            format!("`{suit}` is not a suit"),
                            "a king is called by its suit: S, H, D or C",
                        )
                        .into());
                }
                self.calls.push(format!("{s} call {suit}K"));
            }
            "TAKE_TALON" => match action.half {
                Some(h @ (0 | 1)) => self.calls.push(format!("{s} talon {h}")),
                _ => {
                    return Err(at
                        .problem(
                            "a talon pile that is not 0 or 1".into(),
                            "the talon's piles are 0 (its first three cards) and 1",
                        )
                        .into())
                }
            },
            "DISCARD" => {
                if Some(s) != self.bidder {
                    let bidder = self.bidder.map_or("none".into(), |b| b.to_string());
                    return Err(at
                        .problem(
                            format!("seat {s} discards, but seat {bidder} bid the game"),
                            "only the game bidder lays cards away (KR-DISCARD-1)",
                        )
                        .into());
                }
                let raw = action.card.ok_or_else(|| {
                    at.problem(
                        "a discard without its card".into(),
                        "DISCARD names the card laid away",
                    )
                })?;
                self.discard.push(one_card(at.doc, raw)?);
            }
            // The discard is closed by the next section.
            "CONFIRM_DISCARD" => {}
            "ANNOUNCE" => {
                let b = action.bonus.as_deref().unwrap_or("");
                let bonus = word(&BONUSES, b).filter(|w| *w != "game").ok_or_else(|| {
                    at.problem(
                        format!("`{b}` is no bonus of the project's Königrufen"),
                        "the bonuses of KR-ANN-2: pagat, uhu, pelican, quapil, king-ultimo, trull, four-kings, honours, absolut, valat",
                    )
                })?;
                self.calls.push(format!("{s} announce {bonus}"));
                self.caller = Some(s);
            }
            "KONTRA" => {
                let p = action.posten.as_deref().unwrap_or("");
                let target = word(&BONUSES, p).ok_or_else(|| {
                    at.problem(
                        format!("`{p}` is nothing the project's Königrufen can contra"),
                        "a contra doubles the game or an announced bonus (KR-ANN-4)",
                    )
                })?;
                let step = match action.level {
                    Some(2) => "contra",
                    Some(4) => "recontra",
                    Some(8) => "subcontra",
                    _ => {
                        return Err(at
                            .problem(
                                "a KONTRA level other than 2, 4 or 8".into(),
                                "levels 2, 4 and 8 are contra, recontra and subcontra",
                            )
                            .into())
                    }
                };
                self.calls.push(format!("{s} {step} {target}"));
                self.caller = Some(s);
            }
            "READY" => {
                // Right after the seat's own call it ends that turn;
                // otherwise it is a pass ("good").
                if self.caller != Some(s) {
                    self.calls.push(format!("{s} pass"));
                }
                self.caller = None;
            }
            "PLAY" => {
                let raw = action.card.ok_or_else(|| {
                    at.problem(
                        "a play without its card".into(),
                        "PLAY names the card played",
                    )
                })?;
                let card = one_card(at.doc, raw)?;
                self.plays.push((s, card, at));
            }
            other => {
                return Err(at
                    .problem(
                        format!("`{other}` is not an action the importer knows"),
                        &format!("the action types read: {TYPES}"),
                    )
                    .into());
            }
        }
        Ok(())
    }

    /// The forehand's opening comment, on its first auction entry.
    fn opened_by(&mut self, seat: u8) -> String {
        if seat == self.forehand {
            self.opened.take().unwrap_or_default()
        } else {
            String::new()
        }
    }
}

/// The tricks: four plays each, in seat order from the leader, written
/// with the leader the file names.
fn tricks(plays: &[(u8, Card, At)]) -> Result<Vec<String>, Fault> {
    let mut tricks = Vec::new();
    for (n, trick) in plays.chunks(4).enumerate() {
        let lead = trick[0].0;
        for (i, (seat, _, at)) in trick.iter().enumerate() {
            if *seat != (lead + i as u8) % 4 {
                return Err(at
                    .problem(
                        format!("seat {seat} plays the card {} of trick {}, led by seat {lead}", i + 1, n + 1),
                        "a trick is played in seat order from its leader: the notation cannot say otherwise",
                    )
                    .into());
            }
        }
        let codes: String = trick
            .iter()
            .map(|(_, c, _)| format!(" {}", c.code()))
            .collect();
        tricks.push(format!("trick {} lead {lead}:{codes}", n + 1));
    }
    Ok(tricks)
}

/// The record's text.
fn text(
    name: &str,
    deal: &Deal,
    hands: &[Vec<Card>],
    talon: &[Card],
    mapped: Mapped,
    tricks: &[String],
) -> String {
    let codes =
        |cards: &[Card]| -> String { cards.iter().map(|c| format!(" {}", c.code())).collect() };
    let title = deal
        .title
        .as_deref()
        .map_or(String::new(), |t| format!(": {t}"));
    let id = deal.id.as_deref().unwrap_or(name);
    let mut t = comment(&format!(
        "Imported from harbour-tarock's deal file {name} ({id}{title})"
    ));
    t.push('\n');
    if let Some(profile) = &deal.profile {
        t.push_str(&comment(&format!(
            "harbour-tarock played it by its rule profile {profile}; the notation's Königrufen is spec/rules/koenigrufen.md"
        )));
        t.push('\n');
    }
    t.push_str("[Variant \"koenigrufen\"]\n");
    t.push_str(&format!(
        "[Source \"{}\"]\n",
        tag_value(&format!("harbour-tarock: {name}"))
    ));
    if deal.seats.len() == 4 {
        t.push_str(&format!(
            "[Players \"{}\"]\n",
            tag_value(&deal.seats.join("; "))
        ));
    }
    t.push_str(&format!("[Dealer \"{}\"]\n\n", deal.dealer));
    for (seat, hand) in hands.iter().enumerate() {
        t.push_str(&format!("hand {seat}:{}\n", codes(hand)));
    }
    t.push_str(&format!("talon:{}\n", codes(talon)));
    // An opening the forehand never followed with a bid or pass of its
    // own stands above the auction.
    if let Some(opened) = &mapped.opened {
        t.push_str(opened.trim_start());
        t.push('\n');
    }
    t.push_str(&format!("auction: {}\n", mapped.auction.join(", ")));
    if !mapped.calls.is_empty() {
        t.push_str(&format!("calls: {}\n", mapped.calls.join(", ")));
    }
    if let (Some(b), false) = (mapped.bidder, mapped.discard.is_empty()) {
        t.push_str(&format!("discard {b}:{}\n", codes(&mapped.discard)));
    }
    for trick in tricks {
        t.push_str(trick);
        t.push('\n');
    }
    if let Some(expected) = &deal.expected {
        let list = |v: &Option<Vec<i64>>| {
            v.as_ref().map(|v| {
                v.iter()
                    .map(|n| n.to_string())
                    .collect::<Vec<_>>()
                    .join(" ")
            })
        };
        let mut said = Vec::new();
        if let Some(s) = list(&expected.schrift) {
            said.push(format!("schrift {s}"));
        }
        if let Some(g) = list(&expected.geld) {
            said.push(format!("geld {g}"));
        }
        if !said.is_empty() {
            t.push_str(&comment(&format!(
                "harbour-tarock's own result by seat: {}",
                said.join(", ")
            )));
            t.push('\n');
        }
    }
    t
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn r_is_the_knight_and_d_the_queen() {
        let code = |s| card(s).map(Card::code);
        assert_eq!(code("H:R"), Some("HN"));
        assert_eq!(code("H:D"), Some("HQ"));
        assert_eq!(code("S:B"), Some("SJ"));
        assert_eq!(code("C:K"), Some("CK"));
        assert_eq!(code("D:1"), Some("D1"));
        assert_eq!(code("S:10"), Some("S10"));
        assert_eq!(code("IIII"), Some("T4"));
        assert_eq!(code("IV"), Some("T4"));
        assert_eq!(code("XXI"), Some("T21"));
        assert_eq!(code("Sk"), Some("T22"));
        assert_eq!(code("H:Q"), None);
        assert_eq!(code("pagat"), None);
    }

    #[test]
    fn ready_after_a_call_ends_the_turn_and_is_a_pass_otherwise() {
        // kr_hand3's call round, without its hands: the bidder announces
        // and says READY (one turn), seat 2 contras without READY.
        let text = r#"{"players": 4, "dealer": 1, "forehand": 2,
            "hands": [[], [], [], []], "talon": [[], []],
            "actions": [
              {"seat": 2, "type": "OPEN_FOREHAND"}, {"seat": 3, "type": "PASS"},
              {"seat": 0, "type": "BID", "a": "RUFER"}, {"seat": 1, "type": "PASS"}, {"seat": 2, "type": "PASS"},
              {"seat": 0, "type": "CALL_KING", "suit": "S"}, {"seat": 0, "type": "TAKE_TALON", "half": 0},
              {"seat": 0, "type": "ANNOUNCE", "bonus": "PAGAT"}, {"seat": 0, "type": "READY"},
              {"seat": 1, "type": "READY"}, {"seat": 2, "type": "KONTRA", "posten": "PAGAT", "level": 2},
              {"seat": 3, "type": "READY"}, {"seat": 0, "type": "READY"}, {"seat": 1, "type": "READY"},
              {"seat": 2, "type": "READY"}]}"#;
        let doc = Doc::read(text).unwrap();
        let record = record_text(&doc, "t.json").unwrap();
        assert!(record.contains("auction: 3 pass, 0 caller, 1 pass, 2 pass {harbour-tarock: seat 2, the forehand, opened"), "{record}");
        assert!(
            record.contains("calls: 0 call SK, 0 talon 0, 0 announce pagat, 1 pass, 2 contra pagat, 3 pass, 0 pass, 1 pass, 2 pass\n"),
            "{record}"
        );
    }

    #[test]
    fn an_opening_is_never_dropped() {
        // The forehand opens and says nothing more: the comment stands
        // above the auction.
        let text = r#"{"players": 4, "dealer": 0, "forehand": 1,
            "hands": [[], [], [], []], "talon": [[], []],
            "actions": [{"seat": 1, "type": "OPEN_FOREHAND"}, {"seat": 2, "type": "BID", "a": "DREIER"}]}"#;
        let doc = Doc::read(text).unwrap();
        let record = record_text(&doc, "t.json").unwrap();
        assert!(record.contains("{harbour-tarock: seat 1, the forehand, opened the bidding (OPEN_FOREHAND)}\nauction: 2 three\n"), "{record}");
    }

    #[test]
    fn games_and_bonuses_by_their_german_names() {
        assert_eq!(word(&GAMES, "RUFER"), Some("caller"));
        assert_eq!(word(&GAMES, "SOLO_RUFER"), Some("solo-caller"));
        assert_eq!(word(&GAMES, "BESSERRUFER"), None);
        assert_eq!(word(&BONUSES, "ALLE_KOENIGE"), Some("four-kings"));
    }
}
