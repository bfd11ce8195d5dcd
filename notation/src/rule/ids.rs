// @generated from spec/rules/*.md by `TAROK_UPDATE_RULES=1 cargo test -p tarok-notation rule::`:
// do not edit by hand (see rule/mod.rs).

/// A rule of the rules reference, by its id (see the module docs).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Rule {
    /// `DK-SEAT-1`: Three play each deal.
    DkSeat1,
    /// `DK-SEAT-2`: The first lead.
    DkSeat2,
    /// `DK-SEAT-3`: The deal passes to the right.
    DkSeat3,
    /// `DK-CARD-1`: The pack of 78.
    DkCard1,
    /// `DK-CARD-2`: The order of the suit cards.
    DkCard2,
    /// `DK-CARD-3`: The order of the trumps.
    DkCard3,
    /// `DK-CARD-4`: The ultimo cards.
    DkCard4,
    /// `DK-DEAL-1`: Dealing 25, 25 and 28.
    DkDeal1,
    /// `DK-DEAL-2`: The fee before the deal.
    DkDeal2,
    /// `DK-DEAL-3`: A wrong deal.
    DkDeal3,
    /// `DK-DEAL-4`: A hand without trumps may ask for a new deal.
    DkDeal4,
    /// `DK-DISCARD-1`: The dealer lays three cards away.
    DkDiscard1,
    /// `DK-DISCARD-2`: Cards that may not go in the skat.
    DkDiscard2,
    /// `DK-DISCARD-3`: Trumps only to void oneself.
    DkDiscard3,
    /// `DK-DISCARD-4`: Keep the cards of a declaration.
    DkDiscard4,
    /// `DK-DISCARD-5`: An improper skat.
    DkDiscard5,
    /// `DK-DECL-1`: Everyone declares, dealer first.
    DkDecl1,
    /// `DK-DECL-2`: The declarations and what they are paid.
    DkDecl2,
    /// `DK-DECL-3`: The dealer declares on 28 cards.
    DkDecl3,
    /// `DK-DECL-4`: Declarations must be exact and complete.
    DkDecl4,
    /// `DK-DECL-5`: Naming combination cards in the skat.
    DkDecl5,
    /// `DK-DECL-6`: Declaring in turn.
    DkDecl6,
    /// `DK-DECL-7`: A player with no entry.
    DkDecl7,
    /// `DK-FOOL-1`: The fool never wins a trick.
    DkFool1,
    /// `DK-FOOL-2`: The fool may always be played.
    DkFool2,
    /// `DK-FOOL-3`: The fool counts in the declarations.
    DkFool3,
    /// `DK-FOOL-4`: Calling for the fool in trick 23.
    DkFool4,
    /// `DK-FOOL-5`: No fool in trick 24.
    DkFool5,
    /// `DK-FOOL-6`: The fool and the last trick.
    DkFool6,
    /// `DK-FOOL-7`: Who keeps the fool.
    DkFool7,
    /// `DK-FOOL-8`: Naming and renaming a led fool.
    DkFool8,
    /// `DK-FOOL-9`: Who wins a trick the fool led.
    DkFool9,
    /// `DK-PLAY-1`: Turn to play.
    DkPlay1,
    /// `DK-PLAY-2`: Follow suit, else trump.
    DkPlay2,
    /// `DK-PLAY-3`: Who wins a trick.
    DkPlay3,
    /// `DK-PLAY-4`: Nolo and tout.
    DkPlay4,
    /// `DK-PLAY-5`: An incomplete record.
    DkPlay5,
    /// `DK-PAY-1`: The dealer's fee.
    DkPay1,
    /// `DK-PAY-2`: Declarations are paid at once.
    DkPay2,
    /// `DK-PAY-3`: An ultimo card lost in play.
    DkPay3,
    /// `DK-PAY-4`: The pagat brought home.
    DkPay4,
    /// `DK-PAY-5`: After the last trick.
    DkPay5,
    /// `DK-PAY-6`: No tout for the fool's holder.
    DkPay6,
    /// `DK-COUNT-1`: The count.
    DkCount1,
    /// `DK-COUNT-2`: The count with the next dealer.
    DkCount2,
    /// `DK-COUNT-3`: The count table.
    DkCount3,
    /// `DK-COUNT-4`: No count after a nolo or an abandoned deal.
    DkCount4,
    /// `DK-POT-1`: The two pots.
    DkPot1,
    /// `DK-POT-2`: Foundation.
    DkPot2,
    /// `DK-POT-3`: What empties a pot.
    DkPot3,
    /// `DK-POT-4`: The pots carry over.
    DkPot4,
    /// `DK-POT-5`: The end of a session.
    DkPot5,
    /// `DK-POT-6`: Pots not known.
    DkPot6,
    /// `DK-FINE-1`: Fines go into both pots.
    DkFine1,
    /// `DK-FINE-2`: What the record cannot show is not fined.
    DkFine2,
    /// `DK-FINE-3`: An abandoned deal.
    DkFine3,
    /// `DK-TOUT-1`: A tout cancels nolo, ultimo and the last trick.
    DkTout1,
    /// `DK-TOUT-2`: The announced tout.
    DkTout2,
    /// `DK-TOUT-3`: A nolo cancels ultimo and the last trick.
    DkTout3,
    /// `DK-TOUT-4`: What can happen together in the last trick.
    DkTout4,
    /// `FR-CARD-1`: The pack of 78.
    FrCard1,
    /// `FR-CARD-2`: The three oudlers.
    FrCard2,
    /// `FR-CARD-3`: Card points.
    FrCard3,
    /// `FR-SEAT-1`: Who deals, bids and leads.
    FrSeat1,
    /// `FR-DEAL-1`: Eighteen each and a dog of six.
    FrDeal1,
    /// `FR-DEAL-2`: A bare petit annuls the deal.
    FrDeal2,
    /// `FR-DEAL-3`: A wrong deal.
    FrDeal3,
    /// `FR-BID-1`: The bids.
    FrBid1,
    /// `FR-BID-2`: Once round, each bid higher.
    FrBid2,
    /// `FR-BID-3`: Four passes.
    FrBid3,
    /// `FR-BID-4`: Speaking out of turn.
    FrBid4,
    /// `FR-DOG-1`: Take and guard: the dog is shown and taken.
    FrDog1,
    /// `FR-DOG-2`: Guard without, guard against: the dog stays closed.
    FrDog2,
    /// `FR-DISCARD-1`: No oudler, no king in the discard.
    FrDiscard1,
    /// `FR-DISCARD-2`: Trumps last, and shown.
    FrDiscard2,
    /// `FR-DISCARD-3`: A discard of the wrong kind.
    FrDiscard3,
    /// `FR-DISCARD-4`: A discard the record gets wrong.
    FrDiscard4,
    /// `FR-HANDFUL-1`: Showing a handful.
    FrHandful1,
    /// `FR-HANDFUL-2`: The excuse in a handful.
    FrHandful2,
    /// `FR-HANDFUL-3`: A false handful.
    FrHandful3,
    /// `FR-HANDFUL-4`: Who gets the handful bonus.
    FrHandful4,
    /// `FR-SLAM-1`: Declaring a slam.
    FrSlam1,
    /// `FR-SLAM-2`: The slam's declarer leads.
    FrSlam2,
    /// `FR-SLAM-3`: The slam bonus.
    FrSlam3,
    /// `FR-PLAY-1`: Tricks and turns.
    FrPlay1,
    /// `FR-PLAY-2`: Follow suit, else trump.
    FrPlay2,
    /// `FR-PLAY-3`: Trumps led.
    FrPlay3,
    /// `FR-PLAY-4`: Overtrump.
    FrPlay4,
    /// `FR-PLAY-5`: The excuse is never a revoke.
    FrPlay5,
    /// `FR-PLAY-6`: Who wins the trick; revokes.
    FrPlay6,
    /// `FR-PLAY-7`: Structural faults in play.
    FrPlay7,
    /// `FR-EXCUSE-1`: The excuse.
    FrExcuse1,
    /// `FR-EXCUSE-2`: The excuse led.
    FrExcuse2,
    /// `FR-EXCUSE-3`: Who keeps the excuse.
    FrExcuse3,
    /// `FR-EXCUSE-4`: The slam exception.
    FrExcuse4,
    /// `FR-EXCUSE-5`: Counting the excuse.
    FrExcuse5,
    /// `FR-SCORE-1`: The taker's pile.
    FrScore1,
    /// `FR-SCORE-2`: The target.
    FrScore2,
    /// `FR-SCORE-3`: The contract's value.
    FrScore3,
    /// `FR-SCORE-4`: Petit au bout.
    FrScore4,
    /// `FR-SCORE-5`: The score of the deal.
    FrScore5,
    /// `FR-SCORE-6`: Payments add up to zero.
    FrScore6,
    /// `FR-SCORE-7`: The worked example.
    FrScore7,
    /// `FR-SCORE-8`: A deal not played.
    FrScore8,
    /// `FR-IRREG-1`: The kinds of irregularity.
    FrIrreg1,
    /// `FR-IRREG-2`: An irregular deal scores nothing.
    FrIrreg2,
    /// `KR-DECK-1`: The pack.
    KrDeck1,
    /// `KR-DECK-2`: The order of the tarocks.
    KrDeck2,
    /// `KR-DECK-3`: The order of the suit cards.
    KrDeck3,
    /// `KR-DECK-4`: The trull and the honours.
    KrDeck4,
    /// `KR-POINTS-1`: Card points.
    KrPoints1,
    /// `KR-POINTS-2`: The point targets.
    KrPoints2,
    /// `KR-DEAL-1`: Twelve each and a talon of six.
    KrDeal1,
    /// `KR-DEAL-2`: The forehand.
    KrDeal2,
    /// `KR-BID-1`: Bidding order.
    KrBid1,
    /// `KR-BID-2`: Each bid above the last.
    KrBid2,
    /// `KR-BID-3`: The forehand's own games.
    KrBid3,
    /// `KR-BID-4`: The end of the auction.
    KrBid4,
    /// `KR-BID-5`: An ultimo bid needs its card.
    KrBid5,
    /// `KR-BID-6`: No caller game with four kings.
    KrBid6,
    /// `KR-BID-7`: An illegal bid still stands.
    KrBid7,
    /// `KR-BID-8`: The classes of games.
    KrBid8,
    /// `KR-CALL-1`: The king call.
    KrCall1,
    /// `KR-CALL-2`: Not one's own king.
    KrCall2,
    /// `KR-CALL-3`: Calling the fourth king.
    KrCall3,
    /// `KR-CALL-4`: The partner.
    KrCall4,
    /// `KR-TALON-1`: Taking a talon pile.
    KrTalon1,
    /// `KR-TALON-2`: Grinding.
    KrTalon2,
    /// `KR-TALON-3`: Solo games leave the talon.
    KrTalon3,
    /// `KR-TALON-4`: Six threes takes all six.
    KrTalon4,
    /// `KR-TALON-5`: Negative games leave the talon alone.
    KrTalon5,
    /// `KR-DISCARD-1`: Laying away what was taken.
    KrDiscard1,
    /// `KR-DISCARD-2`: No king, no trull card.
    KrDiscard2,
    /// `KR-DISCARD-3`: Three of suits: tarocks first.
    KrDiscard3,
    /// `KR-DISCARD-4`: A discard the record gets wrong.
    KrDiscard4,
    /// `KR-ANN-1`: The call round.
    KrAnn1,
    /// `KR-ANN-2`: What may be announced, by whom.
    KrAnn2,
    /// `KR-ANN-3`: An announcement is the team's.
    KrAnn3,
    /// `KR-ANN-4`: Contra, recontra, subcontra.
    KrAnn4,
    /// `KR-ANN-5`: Calls in negative games.
    KrAnn5,
    /// `KR-ANN-6`: An illegal call has no effect.
    KrAnn6,
    /// `KR-ANN-7`: Which hand a holding check uses.
    KrAnn7,
    /// `KR-PLAY-1`: Who leads.
    KrPlay1,
    /// `KR-PLAY-2`: Rule 1: follow suit.
    KrPlay2,
    /// `KR-PLAY-3`: Rule 2: tarock when void.
    KrPlay3,
    /// `KR-PLAY-4`: Rule 3: beat in negative games.
    KrPlay4,
    /// `KR-PLAY-5`: Rule 4b: suit games.
    KrPlay5,
    /// `KR-PLAY-6`: Rule 4a: announced ultimo cards wait for their trick.
    KrPlay6,
    /// `KR-PLAY-7`: Rule 4c: the pagat in negative games.
    KrPlay7,
    /// `KR-PLAY-8`: Who wins a trick.
    KrPlay8,
    /// `KR-PLAY-9`: The fairy-tale trick.
    KrPlay9,
    /// `KR-PLAY-10`: Faults in play are reported, the card stands.
    KrPlay10,
    /// `KR-NEG-1`: Early end of play.
    KrNeg1,
    /// `KR-NEG-2`: Ouvert games.
    KrNeg2,
    /// `KR-SCORE-1`: The two piles.
    KrScore1,
    /// `KR-SCORE-2`: The game line.
    KrScore2,
    /// `KR-SCORE-3`: Who pays whom.
    KrScore3,
    /// `KR-SCORE-4`: A bonus's value.
    KrScore4,
    /// `KR-SCORE-5`: The grind is scored as KR-TALON-2 says.
    KrScore5,
    /// `KR-SCORE-6`: Piccolo and beggar.
    KrScore6,
    /// `KR-SCORE-7`: Trischaken.
    KrScore7,
    /// `KR-BONUS-1`: Pagat, uhu, pelican, quapil.
    KrBonus1,
    /// `KR-BONUS-2`: King ultimo.
    KrBonus2,
    /// `KR-BONUS-3`: Capture the moon.
    KrBonus3,
    /// `KR-BONUS-4`: Capture the king.
    KrBonus4,
    /// `KR-BONUS-5`: Trull.
    KrBonus5,
    /// `KR-BONUS-6`: Four kings.
    KrBonus6,
    /// `KR-BONUS-7`: Honours.
    KrBonus7,
    /// `KR-BONUS-8`: Absolut.
    KrBonus8,
    /// `KR-BONUS-9`: Valat.
    KrBonus9,
    /// `KR-BONUS-10`: Valat replaces the other lines.
    KrBonus10,
    /// `S7-DECK-1`: The pack of 40.
    S7Deck1,
    /// `S7-DECK-2`: The trull and the Glatzen.
    S7Deck2,
    /// `S7-DECK-3`: The order of the cards.
    S7Deck3,
    /// `S7-DEAL-1`: Ten cards each.
    S7Deal1,
    /// `S7-DEAL-2`: The forehand.
    S7Deal2,
    /// `S7-DEAL-3`: A redeal for a poor hand.
    S7Deal3,
    /// `S7-BID-1`: The games.
    S7Bid1,
    /// `S7-BID-2`: The forehand must bid.
    S7Bid2,
    /// `S7-BID-3`: Once agreed, no higher game.
    S7Bid3,
    /// `S7-BID-4`: Farbesolo needs five suit cards.
    S7Bid4,
    /// `S7-BID-5`: A higher game clears the additions.
    S7Bid5,
    /// `S7-BID-6`: The end of the auction.
    S7Bid6,
    /// `S7-BID-7`: An illegal game bid still counts.
    S7Bid7,
    /// `S7-BID-8`: Declaring the team.
    S7Bid8,
    /// `S7-CALL-1`: The rufer's call.
    S7Call1,
    /// `S7-CALL-2`: Teams while bidding.
    S7Call2,
    /// `S7-ADD-1`: Additions and kontras.
    S7Add1,
    /// `S7-ADD-2`: Limits on additions.
    S7Add2,
    /// `S7-ADD-3`: The trull must kontra.
    S7Add3,
    /// `S7-ADD-4`: No bid refused as meaningless.
    S7Add4,
    /// `S7-PLAY-1`: Turn to play.
    S7Play1,
    /// `S7-PLAY-2`: Follow suit, else tarock.
    S7Play2,
    /// `S7-PLAY-3`: Farbesolo: suits first.
    S7Play3,
    /// `S7-PLAY-4`: An announced pagat waits.
    S7Play4,
    /// `S7-PLAY-5`: Who wins the trick.
    S7Play5,
    /// `S7-PLAY-6`: Structural faults in play.
    S7Play6,
    /// `S7-POINTS-1`: Card points.
    S7Points1,
    /// `S7-POINTS-2`: 45 to win.
    S7Points2,
    /// `S7-SCORE-1`: The game.
    S7Score1,
    /// `S7-SCORE-2`: Absolut.
    S7Score2,
    /// `S7-SCORE-3`: Pagat.
    S7Score3,
    /// `S7-SCORE-4`: Valat.
    S7Score4,
    /// `S7-SCORE-5`: Automatic premiums.
    S7Score5,
}

/// Each rule with its id and title, in the order of the enum.
pub(super) const TABLE: [(Rule, &str, &str); 204] = [
    (Rule::DkSeat1, "DK-SEAT-1", "Three play each deal"),
    (Rule::DkSeat2, "DK-SEAT-2", "The first lead"),
    (Rule::DkSeat3, "DK-SEAT-3", "The deal passes to the right"),
    (Rule::DkCard1, "DK-CARD-1", "The pack of 78"),
    (Rule::DkCard2, "DK-CARD-2", "The order of the suit cards"),
    (Rule::DkCard3, "DK-CARD-3", "The order of the trumps"),
    (Rule::DkCard4, "DK-CARD-4", "The ultimo cards"),
    (Rule::DkDeal1, "DK-DEAL-1", "Dealing 25, 25 and 28"),
    (Rule::DkDeal2, "DK-DEAL-2", "The fee before the deal"),
    (Rule::DkDeal3, "DK-DEAL-3", "A wrong deal"),
    (Rule::DkDeal4, "DK-DEAL-4", "A hand without trumps may ask for a new deal"),
    (Rule::DkDiscard1, "DK-DISCARD-1", "The dealer lays three cards away"),
    (Rule::DkDiscard2, "DK-DISCARD-2", "Cards that may not go in the skat"),
    (Rule::DkDiscard3, "DK-DISCARD-3", "Trumps only to void oneself"),
    (Rule::DkDiscard4, "DK-DISCARD-4", "Keep the cards of a declaration"),
    (Rule::DkDiscard5, "DK-DISCARD-5", "An improper skat"),
    (Rule::DkDecl1, "DK-DECL-1", "Everyone declares, dealer first"),
    (Rule::DkDecl2, "DK-DECL-2", "The declarations and what they are paid"),
    (Rule::DkDecl3, "DK-DECL-3", "The dealer declares on 28 cards"),
    (Rule::DkDecl4, "DK-DECL-4", "Declarations must be exact and complete"),
    (Rule::DkDecl5, "DK-DECL-5", "Naming combination cards in the skat"),
    (Rule::DkDecl6, "DK-DECL-6", "Declaring in turn"),
    (Rule::DkDecl7, "DK-DECL-7", "A player with no entry"),
    (Rule::DkFool1, "DK-FOOL-1", "The fool never wins a trick"),
    (Rule::DkFool2, "DK-FOOL-2", "The fool may always be played"),
    (Rule::DkFool3, "DK-FOOL-3", "The fool counts in the declarations"),
    (Rule::DkFool4, "DK-FOOL-4", "Calling for the fool in trick 23"),
    (Rule::DkFool5, "DK-FOOL-5", "No fool in trick 24"),
    (Rule::DkFool6, "DK-FOOL-6", "The fool and the last trick"),
    (Rule::DkFool7, "DK-FOOL-7", "Who keeps the fool"),
    (Rule::DkFool8, "DK-FOOL-8", "Naming and renaming a led fool"),
    (Rule::DkFool9, "DK-FOOL-9", "Who wins a trick the fool led"),
    (Rule::DkPlay1, "DK-PLAY-1", "Turn to play"),
    (Rule::DkPlay2, "DK-PLAY-2", "Follow suit, else trump"),
    (Rule::DkPlay3, "DK-PLAY-3", "Who wins a trick"),
    (Rule::DkPlay4, "DK-PLAY-4", "Nolo and tout"),
    (Rule::DkPlay5, "DK-PLAY-5", "An incomplete record"),
    (Rule::DkPay1, "DK-PAY-1", "The dealer's fee"),
    (Rule::DkPay2, "DK-PAY-2", "Declarations are paid at once"),
    (Rule::DkPay3, "DK-PAY-3", "An ultimo card lost in play"),
    (Rule::DkPay4, "DK-PAY-4", "The pagat brought home"),
    (Rule::DkPay5, "DK-PAY-5", "After the last trick"),
    (Rule::DkPay6, "DK-PAY-6", "No tout for the fool's holder"),
    (Rule::DkCount1, "DK-COUNT-1", "The count"),
    (Rule::DkCount2, "DK-COUNT-2", "The count with the next dealer"),
    (Rule::DkCount3, "DK-COUNT-3", "The count table"),
    (Rule::DkCount4, "DK-COUNT-4", "No count after a nolo or an abandoned deal"),
    (Rule::DkPot1, "DK-POT-1", "The two pots"),
    (Rule::DkPot2, "DK-POT-2", "Foundation"),
    (Rule::DkPot3, "DK-POT-3", "What empties a pot"),
    (Rule::DkPot4, "DK-POT-4", "The pots carry over"),
    (Rule::DkPot5, "DK-POT-5", "The end of a session"),
    (Rule::DkPot6, "DK-POT-6", "Pots not known"),
    (Rule::DkFine1, "DK-FINE-1", "Fines go into both pots"),
    (Rule::DkFine2, "DK-FINE-2", "What the record cannot show is not fined"),
    (Rule::DkFine3, "DK-FINE-3", "An abandoned deal"),
    (Rule::DkTout1, "DK-TOUT-1", "A tout cancels nolo, ultimo and the last trick"),
    (Rule::DkTout2, "DK-TOUT-2", "The announced tout"),
    (Rule::DkTout3, "DK-TOUT-3", "A nolo cancels ultimo and the last trick"),
    (Rule::DkTout4, "DK-TOUT-4", "What can happen together in the last trick"),
    (Rule::FrCard1, "FR-CARD-1", "The pack of 78"),
    (Rule::FrCard2, "FR-CARD-2", "The three oudlers"),
    (Rule::FrCard3, "FR-CARD-3", "Card points"),
    (Rule::FrSeat1, "FR-SEAT-1", "Who deals, bids and leads"),
    (Rule::FrDeal1, "FR-DEAL-1", "Eighteen each and a dog of six"),
    (Rule::FrDeal2, "FR-DEAL-2", "A bare petit annuls the deal"),
    (Rule::FrDeal3, "FR-DEAL-3", "A wrong deal"),
    (Rule::FrBid1, "FR-BID-1", "The bids"),
    (Rule::FrBid2, "FR-BID-2", "Once round, each bid higher"),
    (Rule::FrBid3, "FR-BID-3", "Four passes"),
    (Rule::FrBid4, "FR-BID-4", "Speaking out of turn"),
    (Rule::FrDog1, "FR-DOG-1", "Take and guard: the dog is shown and taken"),
    (Rule::FrDog2, "FR-DOG-2", "Guard without, guard against: the dog stays closed"),
    (Rule::FrDiscard1, "FR-DISCARD-1", "No oudler, no king in the discard"),
    (Rule::FrDiscard2, "FR-DISCARD-2", "Trumps last, and shown"),
    (Rule::FrDiscard3, "FR-DISCARD-3", "A discard of the wrong kind"),
    (Rule::FrDiscard4, "FR-DISCARD-4", "A discard the record gets wrong"),
    (Rule::FrHandful1, "FR-HANDFUL-1", "Showing a handful"),
    (Rule::FrHandful2, "FR-HANDFUL-2", "The excuse in a handful"),
    (Rule::FrHandful3, "FR-HANDFUL-3", "A false handful"),
    (Rule::FrHandful4, "FR-HANDFUL-4", "Who gets the handful bonus"),
    (Rule::FrSlam1, "FR-SLAM-1", "Declaring a slam"),
    (Rule::FrSlam2, "FR-SLAM-2", "The slam's declarer leads"),
    (Rule::FrSlam3, "FR-SLAM-3", "The slam bonus"),
    (Rule::FrPlay1, "FR-PLAY-1", "Tricks and turns"),
    (Rule::FrPlay2, "FR-PLAY-2", "Follow suit, else trump"),
    (Rule::FrPlay3, "FR-PLAY-3", "Trumps led"),
    (Rule::FrPlay4, "FR-PLAY-4", "Overtrump"),
    (Rule::FrPlay5, "FR-PLAY-5", "The excuse is never a revoke"),
    (Rule::FrPlay6, "FR-PLAY-6", "Who wins the trick; revokes"),
    (Rule::FrPlay7, "FR-PLAY-7", "Structural faults in play"),
    (Rule::FrExcuse1, "FR-EXCUSE-1", "The excuse"),
    (Rule::FrExcuse2, "FR-EXCUSE-2", "The excuse led"),
    (Rule::FrExcuse3, "FR-EXCUSE-3", "Who keeps the excuse"),
    (Rule::FrExcuse4, "FR-EXCUSE-4", "The slam exception"),
    (Rule::FrExcuse5, "FR-EXCUSE-5", "Counting the excuse"),
    (Rule::FrScore1, "FR-SCORE-1", "The taker's pile"),
    (Rule::FrScore2, "FR-SCORE-2", "The target"),
    (Rule::FrScore3, "FR-SCORE-3", "The contract's value"),
    (Rule::FrScore4, "FR-SCORE-4", "Petit au bout"),
    (Rule::FrScore5, "FR-SCORE-5", "The score of the deal"),
    (Rule::FrScore6, "FR-SCORE-6", "Payments add up to zero"),
    (Rule::FrScore7, "FR-SCORE-7", "The worked example"),
    (Rule::FrScore8, "FR-SCORE-8", "A deal not played"),
    (Rule::FrIrreg1, "FR-IRREG-1", "The kinds of irregularity"),
    (Rule::FrIrreg2, "FR-IRREG-2", "An irregular deal scores nothing"),
    (Rule::KrDeck1, "KR-DECK-1", "The pack"),
    (Rule::KrDeck2, "KR-DECK-2", "The order of the tarocks"),
    (Rule::KrDeck3, "KR-DECK-3", "The order of the suit cards"),
    (Rule::KrDeck4, "KR-DECK-4", "The trull and the honours"),
    (Rule::KrPoints1, "KR-POINTS-1", "Card points"),
    (Rule::KrPoints2, "KR-POINTS-2", "The point targets"),
    (Rule::KrDeal1, "KR-DEAL-1", "Twelve each and a talon of six"),
    (Rule::KrDeal2, "KR-DEAL-2", "The forehand"),
    (Rule::KrBid1, "KR-BID-1", "Bidding order"),
    (Rule::KrBid2, "KR-BID-2", "Each bid above the last"),
    (Rule::KrBid3, "KR-BID-3", "The forehand's own games"),
    (Rule::KrBid4, "KR-BID-4", "The end of the auction"),
    (Rule::KrBid5, "KR-BID-5", "An ultimo bid needs its card"),
    (Rule::KrBid6, "KR-BID-6", "No caller game with four kings"),
    (Rule::KrBid7, "KR-BID-7", "An illegal bid still stands"),
    (Rule::KrBid8, "KR-BID-8", "The classes of games"),
    (Rule::KrCall1, "KR-CALL-1", "The king call"),
    (Rule::KrCall2, "KR-CALL-2", "Not one's own king"),
    (Rule::KrCall3, "KR-CALL-3", "Calling the fourth king"),
    (Rule::KrCall4, "KR-CALL-4", "The partner"),
    (Rule::KrTalon1, "KR-TALON-1", "Taking a talon pile"),
    (Rule::KrTalon2, "KR-TALON-2", "Grinding"),
    (Rule::KrTalon3, "KR-TALON-3", "Solo games leave the talon"),
    (Rule::KrTalon4, "KR-TALON-4", "Six threes takes all six"),
    (Rule::KrTalon5, "KR-TALON-5", "Negative games leave the talon alone"),
    (Rule::KrDiscard1, "KR-DISCARD-1", "Laying away what was taken"),
    (Rule::KrDiscard2, "KR-DISCARD-2", "No king, no trull card"),
    (Rule::KrDiscard3, "KR-DISCARD-3", "Three of suits: tarocks first"),
    (Rule::KrDiscard4, "KR-DISCARD-4", "A discard the record gets wrong"),
    (Rule::KrAnn1, "KR-ANN-1", "The call round"),
    (Rule::KrAnn2, "KR-ANN-2", "What may be announced, by whom"),
    (Rule::KrAnn3, "KR-ANN-3", "An announcement is the team's"),
    (Rule::KrAnn4, "KR-ANN-4", "Contra, recontra, subcontra"),
    (Rule::KrAnn5, "KR-ANN-5", "Calls in negative games"),
    (Rule::KrAnn6, "KR-ANN-6", "An illegal call has no effect"),
    (Rule::KrAnn7, "KR-ANN-7", "Which hand a holding check uses"),
    (Rule::KrPlay1, "KR-PLAY-1", "Who leads"),
    (Rule::KrPlay2, "KR-PLAY-2", "Rule 1: follow suit"),
    (Rule::KrPlay3, "KR-PLAY-3", "Rule 2: tarock when void"),
    (Rule::KrPlay4, "KR-PLAY-4", "Rule 3: beat in negative games"),
    (Rule::KrPlay5, "KR-PLAY-5", "Rule 4b: suit games"),
    (Rule::KrPlay6, "KR-PLAY-6", "Rule 4a: announced ultimo cards wait for their trick"),
    (Rule::KrPlay7, "KR-PLAY-7", "Rule 4c: the pagat in negative games"),
    (Rule::KrPlay8, "KR-PLAY-8", "Who wins a trick"),
    (Rule::KrPlay9, "KR-PLAY-9", "The fairy-tale trick"),
    (Rule::KrPlay10, "KR-PLAY-10", "Faults in play are reported, the card stands"),
    (Rule::KrNeg1, "KR-NEG-1", "Early end of play"),
    (Rule::KrNeg2, "KR-NEG-2", "Ouvert games"),
    (Rule::KrScore1, "KR-SCORE-1", "The two piles"),
    (Rule::KrScore2, "KR-SCORE-2", "The game line"),
    (Rule::KrScore3, "KR-SCORE-3", "Who pays whom"),
    (Rule::KrScore4, "KR-SCORE-4", "A bonus's value"),
    (Rule::KrScore5, "KR-SCORE-5", "The grind is scored as KR-TALON-2 says"),
    (Rule::KrScore6, "KR-SCORE-6", "Piccolo and beggar"),
    (Rule::KrScore7, "KR-SCORE-7", "Trischaken"),
    (Rule::KrBonus1, "KR-BONUS-1", "Pagat, uhu, pelican, quapil"),
    (Rule::KrBonus2, "KR-BONUS-2", "King ultimo"),
    (Rule::KrBonus3, "KR-BONUS-3", "Capture the moon"),
    (Rule::KrBonus4, "KR-BONUS-4", "Capture the king"),
    (Rule::KrBonus5, "KR-BONUS-5", "Trull"),
    (Rule::KrBonus6, "KR-BONUS-6", "Four kings"),
    (Rule::KrBonus7, "KR-BONUS-7", "Honours"),
    (Rule::KrBonus8, "KR-BONUS-8", "Absolut"),
    (Rule::KrBonus9, "KR-BONUS-9", "Valat"),
    (Rule::KrBonus10, "KR-BONUS-10", "Valat replaces the other lines"),
    (Rule::S7Deck1, "S7-DECK-1", "The pack of 40"),
    (Rule::S7Deck2, "S7-DECK-2", "The trull and the Glatzen"),
    (Rule::S7Deck3, "S7-DECK-3", "The order of the cards"),
    (Rule::S7Deal1, "S7-DEAL-1", "Ten cards each"),
    (Rule::S7Deal2, "S7-DEAL-2", "The forehand"),
    (Rule::S7Deal3, "S7-DEAL-3", "A redeal for a poor hand"),
    (Rule::S7Bid1, "S7-BID-1", "The games"),
    (Rule::S7Bid2, "S7-BID-2", "The forehand must bid"),
    (Rule::S7Bid3, "S7-BID-3", "Once agreed, no higher game"),
    (Rule::S7Bid4, "S7-BID-4", "Farbesolo needs five suit cards"),
    (Rule::S7Bid5, "S7-BID-5", "A higher game clears the additions"),
    (Rule::S7Bid6, "S7-BID-6", "The end of the auction"),
    (Rule::S7Bid7, "S7-BID-7", "An illegal game bid still counts"),
    (Rule::S7Bid8, "S7-BID-8", "Declaring the team"),
    (Rule::S7Call1, "S7-CALL-1", "The rufer's call"),
    (Rule::S7Call2, "S7-CALL-2", "Teams while bidding"),
    (Rule::S7Add1, "S7-ADD-1", "Additions and kontras"),
    (Rule::S7Add2, "S7-ADD-2", "Limits on additions"),
    (Rule::S7Add3, "S7-ADD-3", "The trull must kontra"),
    (Rule::S7Add4, "S7-ADD-4", "No bid refused as meaningless"),
    (Rule::S7Play1, "S7-PLAY-1", "Turn to play"),
    (Rule::S7Play2, "S7-PLAY-2", "Follow suit, else tarock"),
    (Rule::S7Play3, "S7-PLAY-3", "Farbesolo: suits first"),
    (Rule::S7Play4, "S7-PLAY-4", "An announced pagat waits"),
    (Rule::S7Play5, "S7-PLAY-5", "Who wins the trick"),
    (Rule::S7Play6, "S7-PLAY-6", "Structural faults in play"),
    (Rule::S7Points1, "S7-POINTS-1", "Card points"),
    (Rule::S7Points2, "S7-POINTS-2", "45 to win"),
    (Rule::S7Score1, "S7-SCORE-1", "The game"),
    (Rule::S7Score2, "S7-SCORE-2", "Absolut"),
    (Rule::S7Score3, "S7-SCORE-3", "Pagat"),
    (Rule::S7Score4, "S7-SCORE-4", "Valat"),
    (Rule::S7Score5, "S7-SCORE-5", "Automatic premiums"),
];

pub(super) fn from_id(id: &str) -> Option<Rule> {
    Some(match id {
        "DK-SEAT-1" => Rule::DkSeat1,
        "DK-SEAT-2" => Rule::DkSeat2,
        "DK-SEAT-3" => Rule::DkSeat3,
        "DK-CARD-1" => Rule::DkCard1,
        "DK-CARD-2" => Rule::DkCard2,
        "DK-CARD-3" => Rule::DkCard3,
        "DK-CARD-4" => Rule::DkCard4,
        "DK-DEAL-1" => Rule::DkDeal1,
        "DK-DEAL-2" => Rule::DkDeal2,
        "DK-DEAL-3" => Rule::DkDeal3,
        "DK-DEAL-4" => Rule::DkDeal4,
        "DK-DISCARD-1" => Rule::DkDiscard1,
        "DK-DISCARD-2" => Rule::DkDiscard2,
        "DK-DISCARD-3" => Rule::DkDiscard3,
        "DK-DISCARD-4" => Rule::DkDiscard4,
        "DK-DISCARD-5" => Rule::DkDiscard5,
        "DK-DECL-1" => Rule::DkDecl1,
        "DK-DECL-2" => Rule::DkDecl2,
        "DK-DECL-3" => Rule::DkDecl3,
        "DK-DECL-4" => Rule::DkDecl4,
        "DK-DECL-5" => Rule::DkDecl5,
        "DK-DECL-6" => Rule::DkDecl6,
        "DK-DECL-7" => Rule::DkDecl7,
        "DK-FOOL-1" => Rule::DkFool1,
        "DK-FOOL-2" => Rule::DkFool2,
        "DK-FOOL-3" => Rule::DkFool3,
        "DK-FOOL-4" => Rule::DkFool4,
        "DK-FOOL-5" => Rule::DkFool5,
        "DK-FOOL-6" => Rule::DkFool6,
        "DK-FOOL-7" => Rule::DkFool7,
        "DK-FOOL-8" => Rule::DkFool8,
        "DK-FOOL-9" => Rule::DkFool9,
        "DK-PLAY-1" => Rule::DkPlay1,
        "DK-PLAY-2" => Rule::DkPlay2,
        "DK-PLAY-3" => Rule::DkPlay3,
        "DK-PLAY-4" => Rule::DkPlay4,
        "DK-PLAY-5" => Rule::DkPlay5,
        "DK-PAY-1" => Rule::DkPay1,
        "DK-PAY-2" => Rule::DkPay2,
        "DK-PAY-3" => Rule::DkPay3,
        "DK-PAY-4" => Rule::DkPay4,
        "DK-PAY-5" => Rule::DkPay5,
        "DK-PAY-6" => Rule::DkPay6,
        "DK-COUNT-1" => Rule::DkCount1,
        "DK-COUNT-2" => Rule::DkCount2,
        "DK-COUNT-3" => Rule::DkCount3,
        "DK-COUNT-4" => Rule::DkCount4,
        "DK-POT-1" => Rule::DkPot1,
        "DK-POT-2" => Rule::DkPot2,
        "DK-POT-3" => Rule::DkPot3,
        "DK-POT-4" => Rule::DkPot4,
        "DK-POT-5" => Rule::DkPot5,
        "DK-POT-6" => Rule::DkPot6,
        "DK-FINE-1" => Rule::DkFine1,
        "DK-FINE-2" => Rule::DkFine2,
        "DK-FINE-3" => Rule::DkFine3,
        "DK-TOUT-1" => Rule::DkTout1,
        "DK-TOUT-2" => Rule::DkTout2,
        "DK-TOUT-3" => Rule::DkTout3,
        "DK-TOUT-4" => Rule::DkTout4,
        "FR-CARD-1" => Rule::FrCard1,
        "FR-CARD-2" => Rule::FrCard2,
        "FR-CARD-3" => Rule::FrCard3,
        "FR-SEAT-1" => Rule::FrSeat1,
        "FR-DEAL-1" => Rule::FrDeal1,
        "FR-DEAL-2" => Rule::FrDeal2,
        "FR-DEAL-3" => Rule::FrDeal3,
        "FR-BID-1" => Rule::FrBid1,
        "FR-BID-2" => Rule::FrBid2,
        "FR-BID-3" => Rule::FrBid3,
        "FR-BID-4" => Rule::FrBid4,
        "FR-DOG-1" => Rule::FrDog1,
        "FR-DOG-2" => Rule::FrDog2,
        "FR-DISCARD-1" => Rule::FrDiscard1,
        "FR-DISCARD-2" => Rule::FrDiscard2,
        "FR-DISCARD-3" => Rule::FrDiscard3,
        "FR-DISCARD-4" => Rule::FrDiscard4,
        "FR-HANDFUL-1" => Rule::FrHandful1,
        "FR-HANDFUL-2" => Rule::FrHandful2,
        "FR-HANDFUL-3" => Rule::FrHandful3,
        "FR-HANDFUL-4" => Rule::FrHandful4,
        "FR-SLAM-1" => Rule::FrSlam1,
        "FR-SLAM-2" => Rule::FrSlam2,
        "FR-SLAM-3" => Rule::FrSlam3,
        "FR-PLAY-1" => Rule::FrPlay1,
        "FR-PLAY-2" => Rule::FrPlay2,
        "FR-PLAY-3" => Rule::FrPlay3,
        "FR-PLAY-4" => Rule::FrPlay4,
        "FR-PLAY-5" => Rule::FrPlay5,
        "FR-PLAY-6" => Rule::FrPlay6,
        "FR-PLAY-7" => Rule::FrPlay7,
        "FR-EXCUSE-1" => Rule::FrExcuse1,
        "FR-EXCUSE-2" => Rule::FrExcuse2,
        "FR-EXCUSE-3" => Rule::FrExcuse3,
        "FR-EXCUSE-4" => Rule::FrExcuse4,
        "FR-EXCUSE-5" => Rule::FrExcuse5,
        "FR-SCORE-1" => Rule::FrScore1,
        "FR-SCORE-2" => Rule::FrScore2,
        "FR-SCORE-3" => Rule::FrScore3,
        "FR-SCORE-4" => Rule::FrScore4,
        "FR-SCORE-5" => Rule::FrScore5,
        "FR-SCORE-6" => Rule::FrScore6,
        "FR-SCORE-7" => Rule::FrScore7,
        "FR-SCORE-8" => Rule::FrScore8,
        "FR-IRREG-1" => Rule::FrIrreg1,
        "FR-IRREG-2" => Rule::FrIrreg2,
        "KR-DECK-1" => Rule::KrDeck1,
        "KR-DECK-2" => Rule::KrDeck2,
        "KR-DECK-3" => Rule::KrDeck3,
        "KR-DECK-4" => Rule::KrDeck4,
        "KR-POINTS-1" => Rule::KrPoints1,
        "KR-POINTS-2" => Rule::KrPoints2,
        "KR-DEAL-1" => Rule::KrDeal1,
        "KR-DEAL-2" => Rule::KrDeal2,
        "KR-BID-1" => Rule::KrBid1,
        "KR-BID-2" => Rule::KrBid2,
        "KR-BID-3" => Rule::KrBid3,
        "KR-BID-4" => Rule::KrBid4,
        "KR-BID-5" => Rule::KrBid5,
        "KR-BID-6" => Rule::KrBid6,
        "KR-BID-7" => Rule::KrBid7,
        "KR-BID-8" => Rule::KrBid8,
        "KR-CALL-1" => Rule::KrCall1,
        "KR-CALL-2" => Rule::KrCall2,
        "KR-CALL-3" => Rule::KrCall3,
        "KR-CALL-4" => Rule::KrCall4,
        "KR-TALON-1" => Rule::KrTalon1,
        "KR-TALON-2" => Rule::KrTalon2,
        "KR-TALON-3" => Rule::KrTalon3,
        "KR-TALON-4" => Rule::KrTalon4,
        "KR-TALON-5" => Rule::KrTalon5,
        "KR-DISCARD-1" => Rule::KrDiscard1,
        "KR-DISCARD-2" => Rule::KrDiscard2,
        "KR-DISCARD-3" => Rule::KrDiscard3,
        "KR-DISCARD-4" => Rule::KrDiscard4,
        "KR-ANN-1" => Rule::KrAnn1,
        "KR-ANN-2" => Rule::KrAnn2,
        "KR-ANN-3" => Rule::KrAnn3,
        "KR-ANN-4" => Rule::KrAnn4,
        "KR-ANN-5" => Rule::KrAnn5,
        "KR-ANN-6" => Rule::KrAnn6,
        "KR-ANN-7" => Rule::KrAnn7,
        "KR-PLAY-1" => Rule::KrPlay1,
        "KR-PLAY-2" => Rule::KrPlay2,
        "KR-PLAY-3" => Rule::KrPlay3,
        "KR-PLAY-4" => Rule::KrPlay4,
        "KR-PLAY-5" => Rule::KrPlay5,
        "KR-PLAY-6" => Rule::KrPlay6,
        "KR-PLAY-7" => Rule::KrPlay7,
        "KR-PLAY-8" => Rule::KrPlay8,
        "KR-PLAY-9" => Rule::KrPlay9,
        "KR-PLAY-10" => Rule::KrPlay10,
        "KR-NEG-1" => Rule::KrNeg1,
        "KR-NEG-2" => Rule::KrNeg2,
        "KR-SCORE-1" => Rule::KrScore1,
        "KR-SCORE-2" => Rule::KrScore2,
        "KR-SCORE-3" => Rule::KrScore3,
        "KR-SCORE-4" => Rule::KrScore4,
        "KR-SCORE-5" => Rule::KrScore5,
        "KR-SCORE-6" => Rule::KrScore6,
        "KR-SCORE-7" => Rule::KrScore7,
        "KR-BONUS-1" => Rule::KrBonus1,
        "KR-BONUS-2" => Rule::KrBonus2,
        "KR-BONUS-3" => Rule::KrBonus3,
        "KR-BONUS-4" => Rule::KrBonus4,
        "KR-BONUS-5" => Rule::KrBonus5,
        "KR-BONUS-6" => Rule::KrBonus6,
        "KR-BONUS-7" => Rule::KrBonus7,
        "KR-BONUS-8" => Rule::KrBonus8,
        "KR-BONUS-9" => Rule::KrBonus9,
        "KR-BONUS-10" => Rule::KrBonus10,
        "S7-DECK-1" => Rule::S7Deck1,
        "S7-DECK-2" => Rule::S7Deck2,
        "S7-DECK-3" => Rule::S7Deck3,
        "S7-DEAL-1" => Rule::S7Deal1,
        "S7-DEAL-2" => Rule::S7Deal2,
        "S7-DEAL-3" => Rule::S7Deal3,
        "S7-BID-1" => Rule::S7Bid1,
        "S7-BID-2" => Rule::S7Bid2,
        "S7-BID-3" => Rule::S7Bid3,
        "S7-BID-4" => Rule::S7Bid4,
        "S7-BID-5" => Rule::S7Bid5,
        "S7-BID-6" => Rule::S7Bid6,
        "S7-BID-7" => Rule::S7Bid7,
        "S7-BID-8" => Rule::S7Bid8,
        "S7-CALL-1" => Rule::S7Call1,
        "S7-CALL-2" => Rule::S7Call2,
        "S7-ADD-1" => Rule::S7Add1,
        "S7-ADD-2" => Rule::S7Add2,
        "S7-ADD-3" => Rule::S7Add3,
        "S7-ADD-4" => Rule::S7Add4,
        "S7-PLAY-1" => Rule::S7Play1,
        "S7-PLAY-2" => Rule::S7Play2,
        "S7-PLAY-3" => Rule::S7Play3,
        "S7-PLAY-4" => Rule::S7Play4,
        "S7-PLAY-5" => Rule::S7Play5,
        "S7-PLAY-6" => Rule::S7Play6,
        "S7-POINTS-1" => Rule::S7Points1,
        "S7-POINTS-2" => Rule::S7Points2,
        "S7-SCORE-1" => Rule::S7Score1,
        "S7-SCORE-2" => Rule::S7Score2,
        "S7-SCORE-3" => Rule::S7Score3,
        "S7-SCORE-4" => Rule::S7Score4,
        "S7-SCORE-5" => Rule::S7Score5,
        _ => return None,
    })
}
