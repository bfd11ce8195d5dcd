//! Random legal deals of this variant: not written yet.

use super::Rng;
use notation::Record;

/// One random legal deal, or `None` while there is no generator.
pub fn deal(_rng: &mut Rng, _index: usize) -> Option<Record> {
    None
}
