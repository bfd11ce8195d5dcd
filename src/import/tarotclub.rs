//! TarotClub (github.com/belegar/tarotclub, French Tarot): its end-of-deal
//! logs and its custom-deal files in, custom-deal files out.
//!
//! An end-of-deal log (`deal_info` and `tricks`) has the taker, the contract,
//! the first leader, the dog, the handles and the eighteen tricks, each in
//! play order from its leader. It has no dealer, no bidding and no hands:
//! the import works them out and says so in a comment at each ([`GUESSES`]).
//! A custom-deal file (`version`, `FirstPlayer`, `Dog`, `South` ... `Fifth`)
//! is what TarotClub deals from: the hands and the dog.
//!
//! Seats: TarotClub's places in its order of play, South, East, North, West,
//! are the seats 0 to 3.

use notation::{Card, CardSet, Kind, Problem, Rank, Record, Suit, Variant};
use serde::Deserialize;
use serde_json::value::RawValue;

use super::json::{comment, tag_value, All, Doc, Fault};

/// TarotClub's places, in its order of play (`Place::Next`): seat `i` is
/// `PLACES[i]`.
pub const PLACES: [&str; 4] = ["South", "East", "North", "West"];

/// What an import from TarotClub guesses, each written as a comment in the
/// record where it applies (also in `tarok convert --help`).
pub const GUESSES: &str = "\
- the dealer: the seat before the first leader (FR-SEAT-1); after a slam declared \
the taker leads (FR-SLAM-2), and the dealer is taken to be the seat before the taker;
- the bidding: invented from the contract and the taker (the taker bid the \
contract, every other seat passed);
- the hands: each seat's cards played, and for the taker of a take or a guard his \
discard (the six cards never played) less the dog; a log whose dog is empty is \
taken to have had the discard as its dog;
- the seat that showed the defence's handle: the defender holding its cards;
- a custom-deal file's dealer: the seat before its `FirstPlayer`.";

#[derive(Deserialize)]
struct Log<'a> {
    #[serde(borrow)]
    deal_info: DealInfo<'a>,
    #[serde(borrow)]
    tricks: &'a RawValue,
}

#[derive(Deserialize)]
struct DealInfo<'a> {
    #[serde(borrow)]
    number_of_players: &'a RawValue,
    #[serde(borrow)]
    taker: &'a RawValue,
    #[serde(borrow)]
    contract: &'a RawValue,
    slam: bool,
    #[serde(borrow)]
    first_trick_lead: &'a RawValue,
    #[serde(borrow)]
    dog: &'a RawValue,
    #[serde(borrow, default)]
    attack_handle: Option<&'a RawValue>,
    #[serde(borrow, default)]
    defense_handle: Option<&'a RawValue>,
    #[serde(default)]
    score: Option<serde_json::Map<String, serde_json::Value>>,
}

#[derive(Deserialize)]
#[serde(rename_all = "PascalCase")]
struct CustomDeal<'a> {
    #[serde(borrow, rename = "version")]
    version: Option<&'a RawValue>,
    #[serde(borrow)]
    first_player: &'a RawValue,
    #[serde(borrow)]
    dog: &'a RawValue,
    #[serde(borrow)]
    south: &'a RawValue,
    #[serde(borrow)]
    east: &'a RawValue,
    #[serde(borrow)]
    north: &'a RawValue,
    #[serde(borrow)]
    west: &'a RawValue,
    #[serde(borrow, default)]
    fifth: Option<&'a RawValue>,
}

/// Which of TarotClub's two files a document is.
#[derive(Deserialize)]
struct Probe<'a> {
    #[serde(borrow, default)]
    deal_info: Option<&'a RawValue>,
    #[serde(borrow, default, rename = "Dog")]
    dog: Option<&'a RawValue>,
}

/// The record's text of a TarotClub end-of-deal log or custom-deal file
/// (`name`: the file, for the record's comment).
pub fn import(doc: &Doc, name: &str) -> Result<String, Vec<Problem>> {
    let probe: Probe = doc.parse().all()?;
    match (probe.deal_info, probe.dog) {
        (Some(_), _) => log(doc, name),
        (None, Some(_)) => custom_deal(doc, name),
        (None, None) => Err(vec![Problem::new(
            Kind::BadJson,
            "not a TarotClub file: neither `deal_info` (an end-of-deal log) nor `Dog` (a custom-deal file)",
        )
        .help("`--from tarotclub` reads TarotClub's end-of-deal logs and custom-deal files (spec/import.md)")]),
    }
}

/// A TarotClub card code (`07-S`, `12-H`: knight, `00-T`: the excuse).
pub fn card(code: &str) -> Option<Card> {
    let (value, suit) = code.split_once('-')?;
    if value.len() != 2 || !value.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let value: u8 = value.parse().ok()?;
    match suit {
        "T" if value == 0 => Some(Card::FOOL),
        "T" => (value <= 21).then(|| Card::trump(value)).flatten(),
        "S" | "H" | "D" | "C" => {
            let suit = Suit::from_letter(suit.as_bytes()[0])?;
            let rank = match value {
                1..=10 => Rank::ALL[value as usize - 1],
                11 => Rank::Jack,
                12 => Rank::Knight,
                13 => Rank::Queen,
                14 => Rank::King,
                _ => return None,
            };
            Some(Card::suited(suit, rank))
        }
        _ => None,
    }
}

/// The TarotClub code of a French Tarot card.
pub fn code(card: Card) -> String {
    if card.is_fool() {
        return "00-T".into();
    }
    if let Some(n) = card.trump_number() {
        return format!("{n:02}-T");
    }
    let (suit, rank) = (
        card.suit().expect("a suit card"),
        card.rank().expect("a suit card"),
    );
    let value = match rank {
        Rank::Jack => 11,
        Rank::Knight => 12,
        Rank::Queen => 13,
        Rank::King => 14,
        spot => spot as u8 + 1,
    };
    format!("{value:02}-{}", suit.letter())
}

/// A `;`-separated list of cards (TarotClub's `Deck::ToString`), each with
/// its span.
fn cards(doc: &Doc, raw: &RawValue, what: &str) -> Result<Vec<(Card, notation::Span)>, Fault> {
    let text = doc.string(raw, what)?;
    let mut out = Vec::new();
    let mut at = 0;
    for piece in text.split(';') {
        let span = doc.inside(raw, at, piece.len());
        at += piece.len() + 1;
        if piece.is_empty() && text.is_empty() {
            continue;
        }
        let c = card(piece).ok_or_else(|| {
            Problem::new(Kind::UnknownCard, format!("`{piece}` is not a TarotClub card"))
                .at(span, "not a card")
                .help("TarotClub writes a card as two digits, `-` and a suit letter: `01-S`..`14-S` (11 jack, 12 knight, 13 queen, 14 king), `01-T`..`21-T`, `00-T` the excuse")
        })?;
        if !Variant::FrenchTarot.deck().contains(c) {
            return Err(Problem::new(
                Kind::UnknownCard,
                format!("`{piece}` is not in the French Tarot pack"),
            )
            .at(span, "not a card of the pack")
            .into());
        }
        out.push((c, span));
    }
    Ok(out)
}

fn place(doc: &Doc, raw: &RawValue, what: &str) -> Result<usize, Fault> {
    let name = doc.string(raw, what)?;
    let seat = PLACES.iter().position(|p| *p == name).ok_or_else(|| {
        Problem::new(
            Kind::BadJson,
            format!("`{name}` is not a seat of a table of four"),
        )
        .at(doc.span(raw), "not a place")
        .help("TarotClub's places at a table of four: South, East, North, West (seats 0 to 3)")
    })?;
    Ok(seat)
}

fn contract(doc: &Doc, raw: &RawValue) -> Result<(&'static str, u8), Fault> {
    let name = doc.string(raw, "`contract`")?;
    // The bid word and TarotClub's contract number (`Contract`).
    Ok(match name.as_str() {
        "Take" => ("take", 1),
        "Guard" => ("guard", 2),
        "Guard without" => ("guard-without", 3),
        "Guard against" => ("guard-against", 4),
        _ => {
            return Err(Problem::new(Kind::BadJson, format!("`{name}` is not a contract a deal is played in"))
                .at(doc.span(raw), "no contract")
                .help("TarotClub's contracts: Take, Guard, Guard without, Guard against (a deal passed out has no log to import)").into())
        }
    })
}

/// The seat whose card wins a trick, as an index into it: the highest
/// trump, else the highest card of the suit led (the excuse never wins
/// here: the one trick it can win is the last, which leads nothing).
fn winner(trick: &[Card]) -> usize {
    let strength = |c: Card, led: Option<Suit>| match (c.trump_number(), c.suit()) {
        (Some(n), _) => 100 + n as i32,
        (None, Some(s)) if Some(s) == led => c.rank().map_or(0, |r| r as i32 + 1),
        _ => 0,
    };
    let led = trick.iter().find(|c| !c.is_fool()).and_then(|c| c.suit());
    (0..trick.len())
        .max_by_key(|&i| strength(trick[i], led))
        .unwrap_or(0)
}

fn sorted(set: CardSet) -> Vec<Card> {
    let mut v: Vec<Card> = set.iter().collect();
    v.sort_by_key(|c| c.held_order(Some(Variant::FrenchTarot)));
    v
}

fn codes(cards: impl IntoIterator<Item = Card>) -> String {
    cards
        .into_iter()
        .map(|c| format!(" {}", c.code()))
        .collect()
}

fn set(cards: &[(Card, notation::Span)]) -> CardSet {
    let mut s = CardSet::default();
    for (c, _) in cards {
        s.insert(*c);
    }
    s
}

/// What a log says of the contract.
struct Contract {
    taker: usize,
    /// The bid word: `take`, `guard`, `guard-without`, `guard-against`.
    bid: &'static str,
    /// A take or a guard: the taker takes the dog and lays six cards away.
    takes_dog: bool,
    first: usize,
}

/// The tricks of a log, and what each seat played.
struct Play {
    tricks: Vec<Vec<Card>>,
    played: [CardSet; 4],
    never_played: CardSet,
}

/// The deal worked out from the play and the dog.
struct Dealt {
    hands: [CardSet; 4],
    /// The dog in the log's order, or worked out and sorted.
    talon: Vec<Card>,
    discard: Option<CardSet>,
    /// `guess:` comments: on the hands, on the talon.
    hands_guess: &'static str,
    talon_guess: Option<&'static str>,
}

fn log(doc: &Doc, name: &str) -> Result<String, Vec<Problem>> {
    let log: Log = doc.parse().all()?;
    let info = &log.deal_info;
    let contract = Contract::read(doc, info).all()?;
    // Every fault of the tricks and the dog at once.
    let (play, dog) = match (
        Play::read(doc, log.tricks, contract.first),
        cards(doc, info.dog, "`dog`"),
    ) {
        (Ok(play), Ok(dog)) => (play, dog),
        (play, dog) => {
            let mut problems = play.err().unwrap_or_default();
            problems.extend(dog.err().map(|p| *p));
            return Err(problems);
        }
    };
    let dealt = Dealt::work_out(doc, info, &contract, &play, &dog).all()?;
    let declare = declarations(doc, info, &contract, &dealt.hands).all()?;
    Ok(log_text(name, info, &contract, &play, &dealt, &declare))
}

impl Contract {
    fn read(doc: &Doc, info: &DealInfo) -> Result<Contract, Fault> {
        let players: u8 = doc.parse_raw(info.number_of_players)?;
        if players != 4 {
            return Err(Problem::new(
                Kind::BadJson,
                format!(
                    "a deal of {players} players: the project's French Tarot is played by four"
                ),
            )
            .at(doc.span(info.number_of_players), "not four")
            .help("only TarotClub's four-player deals can be imported (spec/rules/french-tarot.md)")
            .into());
        }
        let (bid, number) = contract(doc, info.contract)?;
        Ok(Contract {
            taker: place(doc, info.taker, "`taker`")?,
            bid,
            takes_dog: number <= 2,
            first: place(doc, info.first_trick_lead, "`first_trick_lead`")?,
        })
    }

    /// The dealer, and the guess that names him.
    fn dealer(&self, slam: bool) -> (usize, &'static str) {
        if slam && self.first == self.taker {
            (
                (self.taker + 3) % 4,
                "guess: the dealer is taken to be the seat before the taker, who declared a slam and led (FR-SLAM-2): the first lead does not tell the dealer then",
            )
        } else {
            (
                (self.first + 3) % 4,
                "guess: the dealer is the seat before the first leader (FR-SEAT-1); the log does not name him",
            )
        }
    }
}

impl Play {
    /// The tricks, each in play order from its leader; the leader of the
    /// next is the winner. Every fault of every trick is reported.
    fn read(doc: &Doc, all: &RawValue, first: usize) -> Result<Play, Vec<Problem>> {
        let tricks: Vec<&RawValue> = doc.parse_raw(all).all()?;
        let mut problems = Vec::new();
        if tricks.len() != 18 {
            problems.push(
                Problem::new(
                    Kind::BadJson,
                    format!("{} tricks: a deal of French Tarot has 18", tricks.len()),
                )
                .at(doc.span(all), "these tricks")
                .help("an end-of-deal log holds every trick of the deal"),
            );
        }
        let mut play = Play {
            tricks: Vec::new(),
            played: [CardSet::default(); 4],
            never_played: CardSet::default(),
        };
        let mut seen = CardSet::default();
        let mut leader = first;
        for (n, raw) in tricks.iter().enumerate() {
            let trick = match cards(doc, raw, "a trick") {
                Ok(t) => t,
                Err(p) => {
                    problems.push(*p);
                    continue;
                }
            };
            if trick.len() != 4 {
                problems.push(
                    Problem::new(
                        Kind::WrongTrickSize,
                        format!("trick {} has {} cards, not 4", n + 1, trick.len()),
                    )
                    .at(doc.span(raw), "this trick")
                    .help("each trick of a log is the four cards in play order from its leader"),
                );
                continue;
            }
            for (i, (c, span)) in trick.iter().enumerate() {
                if !seen.insert(*c) {
                    problems.push(
                        Problem::new(Kind::DuplicateCard, format!("{} is played twice", c.code()))
                            .at(*span, "played again here")
                            .card(*c),
                    );
                }
                play.played[(leader + i) % 4].insert(*c);
            }
            let cards: Vec<Card> = trick.iter().map(|(c, _)| *c).collect();
            leader = (leader + winner(&cards)) % 4;
            play.tricks.push(cards);
        }
        play.never_played = Variant::FrenchTarot.deck().difference(seen);
        if problems.is_empty() {
            Ok(play)
        } else {
            Err(problems)
        }
    }
}

impl Dealt {
    /// The hands, the dog and the discard, from the cards played and the
    /// log's dog (empty when it does not say).
    fn work_out(
        doc: &Doc,
        info: &DealInfo,
        contract: &Contract,
        play: &Play,
        dog: &[(Card, notation::Span)],
    ) -> Result<Dealt, Fault> {
        if !dog.is_empty() && dog.len() != 6 {
            return Err(Problem::new(
                Kind::WrongCardCount,
                format!("a dog of {} cards, not 6", dog.len()),
            )
            .at(doc.span(info.dog), "this dog")
            .help(
                "the dog of a French Tarot deal is six cards (or empty, when the log does not say)",
            )
            .into());
        }
        let never_played = play.never_played;
        let given = set(dog);
        let taker = contract.taker;
        let mut dealt = Dealt {
            hands: play.played,
            // The log's dog in its order; the one worked out, sorted.
            talon: if dog.is_empty() {
                sorted(never_played)
            } else {
                dog.iter().map(|(c, _)| *c).collect()
            },
            discard: None,
            hands_guess:
                "guess: the hands are the cards each seat played (TarotClub's log has no hands)",
            talon_guess: None,
        };
        if contract.takes_dog {
            // The taker took the dog and laid away the six cards never played.
            for (c, span) in dog {
                if let Some(seat) = (0..4).find(|&s| s != taker && play.played[s].contains(*c)) {
                    return Err(Problem::new(
                        Kind::CardNotHeld,
                        format!("the dog's {} was played by {} (seat {seat}), not by the taker", c.code(), PLACES[seat]),
                    )
                    .at(*span, "in the dog")
                    .card(*c)
                    .help("after a take or a guard the dog goes to the taker: its cards are his to play or lay away")
                    .into());
                }
            }
            let talon = if dog.is_empty() { never_played } else { given };
            dealt.hands[taker] = play.played[taker].union(never_played).difference(talon);
            dealt.discard = Some(never_played);
            dealt.hands_guess = "guess: the hands are the cards each seat played, the taker's with his discard (the six cards never played) and without the dog (TarotClub's log has no hands)";
            dealt.talon_guess = dog.is_empty().then_some(
                "guess: the log's dog is empty: taken to be the six cards never played, which the taker laid away again",
            );
        } else {
            // A guard without or against: the dog is the six cards never played.
            if !dog.is_empty() && given != never_played {
                return Err(Problem::new(
                    Kind::WrongCardCount,
                    format!(
                        "the dog of a {} is the six cards never played ({}), not these",
                        contract.bid.replace('-', " "),
                        codes(sorted(never_played)).trim()
                    ),
                )
                .at(doc.span(info.dog), "this dog")
                .help("after a guard without or against nobody takes the dog: its cards are never played")
                .into());
            }
            dealt.talon_guess = dog
                .is_empty()
                .then_some("guess: the log's dog is empty: taken to be the six cards never played");
        }
        Ok(dealt)
    }
}

/// The slam, then the handfuls (the handles), each shown before its
/// player's first card: in the order of the first trick.
fn declarations(
    doc: &Doc,
    info: &DealInfo,
    contract: &Contract,
    hands: &[CardSet; 4],
) -> Result<Vec<String>, Fault> {
    let taker = contract.taker;
    let mut declare: Vec<String> = Vec::new();
    if info.slam {
        declare.push(format!("{taker} slam"));
    }
    let mut handfuls: Vec<(usize, String)> = Vec::new();
    for (raw, attack) in [(info.attack_handle, true), (info.defense_handle, false)] {
        let Some(raw) = raw else { continue };
        let cards = cards(
            doc,
            raw,
            if attack {
                "`attack_handle`"
            } else {
                "`defense_handle`"
            },
        )?;
        if cards.is_empty() {
            continue;
        }
        let shown = set(&cards);
        let size = match cards.len() {
            10 => "simple",
            13 => "double",
            15 => "triple",
            n => {
                return Err(Problem::new(Kind::WrongDeclaration, format!("a handle of {n} cards: a handful shows 10, 13 or 15"))
                    .at(doc.span(raw), "this handle")
                    .help("TarotClub scores a handle of another size as none: remove it from the log, or fix its cards")
                    .into());
            }
        };
        let (seat, note) = if attack {
            (taker, String::new())
        } else {
            let holders: Vec<usize> = (0..4)
                .filter(|&s| s != taker && hands[s].intersection(shown) == shown)
                .collect();
            let [seat] = holders[..] else {
                return Err(Problem::new(
                    Kind::WrongDeclaration,
                    "no defender holds every card of the defence's handle",
                )
                .at(doc.span(raw), "this handle")
                .help("a handle is shown from one player's hand")
                .into());
            };
            let guess = format!(
                "guess: the log says only \"the defence\": {} (seat {seat}) holds the handle's cards",
                PLACES[seat]
            );
            (seat, format!(" {}", comment(&guess)))
        };
        handfuls.push((
            seat,
            format!("{seat} handful {size}{}{note}", codes(sorted(shown))),
        ));
    }
    handfuls.sort_by_key(|(seat, _)| (seat + 4 - contract.first) % 4);
    declare.extend(handfuls.into_iter().map(|(_, d)| d));
    Ok(declare)
}

/// The record's text, every guess a comment where it applies.
fn log_text(
    name: &str,
    info: &DealInfo,
    contract: &Contract,
    play: &Play,
    dealt: &Dealt,
    declare: &[String],
) -> String {
    let (taker, bid) = (contract.taker, contract.bid);
    let (dealer, dealer_guess) = contract.dealer(info.slam);
    let mut t = header(
        &format!("end-of-deal log {name}"),
        name,
        dealer,
        dealer_guess,
    );
    t.push_str(&comment(dealt.hands_guess));
    t.push('\n');
    for (seat, hand) in dealt.hands.iter().enumerate() {
        t.push_str(&format!("hand {seat}:{}\n", codes(sorted(*hand))));
    }
    if let Some(guess) = dealt.talon_guess {
        t.push_str(&comment(guess));
        t.push('\n');
    }
    t.push_str(&format!("talon:{}\n", codes(dealt.talon.iter().copied())));
    t.push_str(&comment(&format!(
        "guess: the bidding is invented from the contract: {} (seat {taker}) bid {bid}, the others passed; the log has no bidding",
        PLACES[taker]
    )));
    t.push('\n');
    let auction: Vec<String> = (1..=4)
        .map(|i| {
            let seat = (dealer + i) % 4;
            format!("{seat} {}", if seat == taker { bid } else { "pass" })
        })
        .collect();
    t.push_str(&format!("auction: {}\n", auction.join(", ")));
    if let Some(discard) = dealt.discard {
        // Trumps laid away are shown (FR-DISCARD-2).
        let trumps: Vec<Card> = sorted(discard)
            .into_iter()
            .filter(|c| c.is_trump())
            .collect();
        let show = if trumps.is_empty() {
            String::new()
        } else {
            format!(" show{}", codes(trumps))
        };
        t.push_str(&format!(
            "discard {taker}:{}{show}\n",
            codes(sorted(discard))
        ));
    }
    if !declare.is_empty() {
        t.push_str(&format!("declare: {}\n", declare.join(", ")));
    }
    for (n, trick) in play.tricks.iter().enumerate() {
        t.push_str(&format!(
            "trick {}:{}\n",
            n + 1,
            codes(trick.iter().copied())
        ));
    }
    if let Some(score) = &info.score {
        let members: Vec<String> = score.iter().map(|(k, v)| format!("{k} {v}")).collect();
        t.push_str(&comment(&format!(
            "TarotClub's own score: {}",
            members.join(", ")
        )));
        t.push('\n');
    }
    t
}

/// A record's first lines: the file it was imported from, the tags.
fn header(what: &str, name: &str, dealer: usize, dealer_guess: &str) -> String {
    let mut t = comment(&format!("Imported from TarotClub's {what}"));
    t.push('\n');
    t.push_str("[Variant \"french-tarot\"]\n");
    t.push_str(&format!(
        "[Source \"{}\"]\n",
        tag_value(&format!("TarotClub: {name}"))
    ));
    t.push_str(&format!("[Players \"{}\"]\n", PLACES.join("; ")));
    t.push_str(&format!(
        "[Dealer \"{dealer}\"] {}\n\n",
        comment(dealer_guess)
    ));
    t
}

fn custom_deal(doc: &Doc, name: &str) -> Result<String, Vec<Problem>> {
    let deal: CustomDeal = doc.parse().all()?;
    if let Some(v) = deal.version {
        let v = doc.string(v, "`version`").all()?;
        if v != "3" {
            return Err(vec![Problem::new(
                Kind::BadJson,
                format!("custom-deal file version {v}: the importer reads version 3"),
            )
            .at(doc.span(deal.version.expect("read")), "this version")]);
        }
    }
    if let Some(fifth) = deal.fifth {
        if !doc.string(fifth, "`Fifth`").all()?.is_empty() {
            return Err(vec![Problem::new(
                Kind::BadJson,
                "a deal for five players: the project's French Tarot is played by four",
            )
            .at(doc.span(fifth), "a fifth hand")
            .help("only TarotClub's four-player deals can be imported")]);
        }
    }
    let first = place(doc, deal.first_player, "`FirstPlayer`").all()?;
    let guess = format!(
        "guess: the dealer is the seat before TarotClub's FirstPlayer ({}), who speaks and leads first",
        PLACES[first]
    );
    let mut t = header(
        &format!("custom-deal file {name}"),
        name,
        (first + 3) % 4,
        &guess,
    );
    for (seat, raw) in [deal.south, deal.east, deal.north, deal.west]
        .into_iter()
        .enumerate()
    {
        let hand = cards(doc, raw, PLACES[seat]).all()?;
        t.push_str(&format!(
            "hand {seat}:{}\n",
            codes(hand.iter().map(|(c, _)| *c))
        ));
    }
    let dog = cards(doc, deal.dog, "`Dog`").all()?;
    t.push_str(&format!("talon:{}\n", codes(dog.iter().map(|(c, _)| *c))));
    Ok(t)
}

/// A French Tarot deal as a TarotClub custom-deal file (version 3, as
/// `DealFile::SaveFile` writes it): the hands by place, the dog, and
/// `FirstPlayer` the seat after the dealer. `Err` says why the record
/// cannot be one.
pub fn custom_deal_file(record: &Record) -> Result<String, String> {
    if record.variant() != Some(Variant::FrenchTarot) {
        return Err(format!(
            "a {} record: only French Tarot deals can be written as TarotClub custom deals",
            record
                .variant()
                .map_or("record of no known variant".into(), |v| v
                    .name()
                    .to_string())
        ));
    }
    let dealer: usize = record
        .tag("Dealer")
        .and_then(|t| t.value.trim().parse().ok())
        .filter(|d| *d < 4)
        .ok_or("the record has no `Dealer` tag of a seat 0 to 3")?;
    let mut hands: [Option<Vec<Card>>; 4] = Default::default();
    for hand in &record.hands {
        let seat = hand.seat.index();
        if seat >= 4 {
            return Err(format!("seat {seat} is not at a table of four"));
        }
        hands[seat] = Some(hand.cards.iter().map(|i| i.card).collect());
    }
    let mut places = Vec::new();
    for (seat, hand) in hands.iter().enumerate() {
        let hand = hand.as_ref().ok_or_else(|| {
            format!("the record has no hand for seat {seat}: TarotClub deals from the four hands")
        })?;
        if hand.len() != 18 {
            return Err(format!("seat {seat} has {} cards, not 18", hand.len()));
        }
        places.push((
            PLACES[seat],
            hand.iter().map(|c| code(*c)).collect::<Vec<_>>().join(";"),
        ));
    }
    let dog: Vec<String> = record
        .talon
        .as_ref()
        .map(|t| t.cards.iter().map(|i| code(i.card)).collect())
        .unwrap_or_default();
    if dog.len() != 6 {
        return Err(format!("a dog of {} cards, not 6", dog.len()));
    }
    // The members in the order `DealFile::Build` writes them; the values
    // are card codes and place names, which need no escape.
    let mut text = String::from("{\n    \"version\": \"3\",\n");
    text.push_str(&format!(
        "    \"FirstPlayer\": \"{}\",\n",
        PLACES[(dealer + 1) % 4]
    ));
    text.push_str(&format!("    \"Dog\": \"{}\",\n", dog.join(";")));
    for (place, cards) in places {
        text.push_str(&format!("    \"{place}\": \"{cards}\",\n"));
    }
    text.push_str("    \"Fifth\": \"\"\n}\n");
    Ok(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_french_card_has_a_code_that_reads_back() {
        for c in Variant::FrenchTarot.deck().iter() {
            assert_eq!(card(&code(c)), Some(c), "{}", c.code());
        }
        assert_eq!(card("12-H").map(Card::code), Some("HN"));
        assert_eq!(card("00-T"), Some(Card::FOOL));
        assert_eq!(card("22-T"), None);
        assert_eq!(card("15-S"), None);
        assert_eq!(card("7-S"), None);
    }

    #[test]
    fn the_highest_trump_or_card_of_the_suit_led_wins() {
        let t = |codes: &[&str]| -> Vec<Card> {
            codes.iter().map(|c| Card::parse_code(c).unwrap()).collect()
        };
        assert_eq!(winner(&t(&["S2", "S3", "SK", "SQ"])), 2);
        assert_eq!(winner(&t(&["EX", "H3", "HK", "S1"])), 2);
        assert_eq!(winner(&t(&["S2", "T1", "SK", "H1"])), 1);
        assert_eq!(winner(&t(&["T5", "T21", "EX", "T7"])), 1);
    }
}
