//! Card points as tables by card index, for the engines whose card points
//! are a value by rank (Danish DK-COUNT-1, French FR-CARD-3 in half points,
//! Skill7 S7-POINTS-1). A table read, not a `match` on the rank: the way of
//! such a branch depends on the card, and on shuffled cards the processor
//! guesses it wrong most of the time. Each engine holds its table equal to
//! the rule in the digest's words by a test.

use notation::Card;

/// Points by card index (suits of 14 ranks, 1 to 10 then jack, knight,
/// queen, king; then T1..T22 and the fool): `spot` for a suit card below
/// the jack, `courts` for the jack, knight, queen and king, `tarock` for a
/// trump or the fool, and then each of `honours` its own value.
pub(crate) const fn by_index(
    spot: u8,
    courts: [u8; 4],
    tarock: u8,
    honours: &[(Card, u8)],
) -> [u8; Card::COUNT] {
    let mut t = [tarock; Card::COUNT];
    let mut i = 0;
    while i < Card::PAGAT.index() as usize {
        let rank = i % 14;
        t[i] = if rank >= 10 { courts[rank - 10] } else { spot };
        i += 1;
    }
    let mut h = 0;
    while h < honours.len() {
        t[honours[h].0.index() as usize] = honours[h].1;
        h += 1;
    }
    t
}
