// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {Payouts} from "../Payouts.sol";
import {RandomStream} from "./RandomStream.sol";

/// @title BlackjackRules
/// @notice Blackjack's payout, exactly engine/src/blackjack.ts settleBlackjack (engine/README.md
///         "Blackjack"): the word shuffles one 52-card deck, the action log is replayed, a log that
///         stops early is completed with STANDs (the server's timeout rule), and the payout is the
///         sum over the hands of stake × 2.5 (natural), 2 (win), 1 (push) or 0 with DEGEN, × 2.47,
///         1.98, 1 or 0 with BNB (Payouts.blackjackNaturalBps, blackjackWinBps), each rounded down.
///         The log is ASCII, one byte per action: 'H' HIT, 'S' STAND, 'P' SPLIT (the engine's
///         publication encoding). A log the engine refuses reverts: a byte that is no action code
///         (UnknownBlackjackAction, checked over the whole log first, as decodeBlackjackActions
///         does), then an action the hand does not allow, including any action once the hand is
///         over (IllegalBlackjackAction), each naming the byte's index.
/// @dev Only blackjack values matter to the payout, so the deck holds values, not cards: one byte
///      per card (ace 1, 2–10, faces 10) in factory order (engine/src/cards.ts orderedDeck: HEARTS,
///      DIAMONDS, SPADES, CLUBS × ACE, 2–10, JACK, QUEEN, KING). Fisher–Yates moves values exactly
///      as it moves cards, and two cards may be split exactly when their values are equal (engine
///      canSplit compares rankValue), so nothing is lost. A hand is its hard total (aces as 1)
///      plus ACE_FLAG once it holds an ace.
library BlackjackRules {
    bytes1 internal constant HIT = "H";
    bytes1 internal constant STAND = "S";
    bytes1 internal constant SPLIT = "P";

    /// @notice The unshuffled deck's values: one suit (A, 2–10, J, Q, K) four times.
    bytes internal constant FACTORY_DECK =
        hex"0102030405060708090a0a0a0a_0102030405060708090a0a0a0a_0102030405060708090a0a0a0a_0102030405060708090a0a0a0a";

    uint256 internal constant BLACKJACK = 21;
    /// @notice The dealer draws to 16 and stands on every 17, soft 17 included (engine DEALER_STANDS_ON).
    uint256 internal constant DEALER_STANDS_ON = 17;
    /// @notice An ace counts 11 instead of 1 while that does not bust the hand.
    uint256 private constant SOFT_ACE_BONUS = 10;
    uint256 private constant ACE = 1;
    /// @notice Marks a hand that holds an ace; hard totals stay far below it.
    uint256 private constant ACE_FLAG = 1 << 8;
    uint256 private constant TOTAL_MASK = ACE_FLAG - 1;

    /// @notice A push's total payout per stake in bps, with either token (engine BLACKJACK_PAYOUT_BPS;
    ///         a natural and a win pay per token: Payouts.blackjackNaturalBps, blackjackWinBps).
    uint256 private constant PUSH_BPS = 10_000;
    uint256 private constant BPS = 10_000;

    /// @notice The byte at `index` of the action log is not H, S or P.
    error UnknownBlackjackAction(uint256 index, bytes1 code);
    /// @notice The action at `index` of the log is not allowed at that point of the hand.
    error IllegalBlackjackAction(uint256 index, bytes1 action);

    /// @dev A hand in play: the next card is deck[dealt]; the first hand's two cards are kept for a split.
    struct Table {
        bytes deck;
        uint256 dealt;
        uint256 first;
        uint256 second;
        uint256 dealer;
        uint256 firstCard;
        uint256 secondCard;
        bool split;
        bool playingSecond;
        bool over;
    }

    /// @notice The payout of a blackjack hand of `stake` per hand in BNB (`isNative`) or DEGEN,
    ///         replaying `actions`; reverts with Payouts.InvalidParams unless params is 0, or on a
    ///         log the engine refuses.
    function payout(uint256 params, bool isNative, uint256 stake, bytes32 word, bytes calldata actions) internal pure returns (uint256) {
        if (params != 0) revert Payouts.InvalidParams(Payouts.BLACKJACK, params);
        _checkCodes(actions);
        return _settle(_deal(word), isNative, stake, actions);
    }

    /// @notice The payout of a hand whose player staked a split (engine settleSplitStakedBlackjack).
    ///         The split is played when the signed log starts with it ('P') and the deal allows
    ///         it. Otherwise it is void, its second stake paid back, and the hand plays its log as
    ///         dealt: a stake added without the log's split (say, once the settlement's seed was
    ///         public), or on a deal that allows none (no pair, or a natural that ended the hand).
    function splitStakedPayout(bool isNative, uint256 stake, bytes32 word, bytes calldata actions) internal pure returns (uint256) {
        _checkCodes(actions);
        Table memory table = _deal(word);
        bool logSplits = actions.length != 0 && actions[0] == SPLIT;
        bool pair = table.firstCard == table.secondCard && score(table.dealer) != BLACKJACK;
        if (!logSplits || !pair) return _settle(table, isNative, stake, logSplits ? actions[1:] : actions) + stake;
        _split(table);
        return _settle(table, isNative, stake, actions[1:]);
    }

    /// @dev Plays the log on the dealt (or split) table and pays every hand.
    function _settle(Table memory table, bool isNative, uint256 stake, bytes calldata actions) private pure returns (uint256) {
        // Naturals end the hand at once, before any action (the dealer checks the hole card). A
        // pair is never a natural, and a split is refused against the dealer's.
        if (!table.split) {
            bool playerNatural = score(table.first) == BLACKJACK;
            bool dealerNatural = score(table.dealer) == BLACKJACK;
            if (playerNatural || dealerNatural) {
                if (actions.length != 0) revert IllegalBlackjackAction(0, actions[0]);
                if (!dealerNatural) return (stake * Payouts.blackjackNaturalBps(isNative)) / BPS;
                return playerNatural ? (stake * PUSH_BPS) / BPS : 0;
            }
        }

        _play(table, actions);
        // The timeout rule: STAND on every hand still open, which ends the round.
        if (!table.over) _finishRound(table);

        uint256 dealer = score(table.dealer);
        uint256 winBps = Payouts.blackjackWinBps(isNative);
        uint256 total = _handPayout(score(table.first), dealer, stake, winBps);
        if (table.split) total += _handPayout(score(table.second), dealer, stake, winBps);
        return total;
    }

    /// @notice The shuffled deck of `word` as values (see the library's notes): Fisher–Yates on the
    ///         stream, for i = 51 down to 1, swap card i with card int(i + 1).
    function shuffle(bytes32 word) internal pure returns (bytes memory deck) {
        deck = FACTORY_DECK;
        RandomStream.shuffle(word, deck);
    }

    /// @notice The best total of a hand: hard total, + 10 for an ace while that does not bust it.
    function score(uint256 hand) internal pure returns (uint256 total) {
        // Unchecked: a hand takes no card once it reaches 21 (the dealer's once it reaches 17), so
        // its hard total stays below 31, far below ACE_FLAG.
        unchecked {
            total = hand & TOTAL_MASK;
            if (hand & ACE_FLAG != 0 && total + SOFT_ACE_BONUS <= BLACKJACK) total += SOFT_ACE_BONUS;
        }
    }

    /// @dev Reverts on the first byte of the log that is no action code, as the engine decodes
    ///      the whole log before it plays any of it.
    function _checkCodes(bytes calldata actions) private pure {
        for (uint256 i; i < actions.length; ++i) {
            bytes1 code = actions[i];
            if (code != HIT && code != STAND && code != SPLIT) revert UnknownBlackjackAction(i, code);
        }
    }

    /// @dev The shuffled deck of `word`, dealt: player, dealer, player, dealer (the hole card).
    function _deal(bytes32 word) private pure returns (Table memory table) {
        table.deck = shuffle(word);
        table.firstCard = _draw(table);
        table.dealer = _add(_draw(table), 0);
        table.secondCard = _draw(table);
        table.dealer = _add(_draw(table), table.dealer);
        table.first = _add(table.secondCard, _add(table.firstCard, 0));
    }

    /// @dev Replays the log; reverts on the first action the hand does not allow.
    function _play(Table memory table, bytes calldata actions) private pure {
        for (uint256 i; i < actions.length; ++i) {
            bytes1 action = actions[i];
            if (table.over) revert IllegalBlackjackAction(i, action);
            if (action == SPLIT) {
                // Only as the first action (the first hand still holds its two cards), on equal values.
                if (i != 0 || table.split || table.firstCard != table.secondCard) revert IllegalBlackjackAction(i, action);
                _split(table);
            } else if (action == HIT) {
                if (table.playingSecond) {
                    table.second = _add(_draw(table), table.second);
                    if (score(table.second) >= BLACKJACK) _closeActiveHand(table);
                } else {
                    table.first = _add(_draw(table), table.first);
                    if (score(table.first) >= BLACKJACK) _closeActiveHand(table);
                }
            } else {
                _closeActiveHand(table);
            }
        }
    }

    /// @dev Splits the pair: each card takes the next card of the deck, the first hand plays first.
    function _split(Table memory table) private pure {
        table.split = true;
        table.first = _add(_draw(table), _add(table.firstCard, 0));
        table.second = _add(_draw(table), _add(table.secondCard, 0));
        if (score(table.first) == BLACKJACK) _closeActiveHand(table);
    }

    /// @dev The next card's value.
    function _draw(Table memory table) private pure returns (uint256 value) {
        value = uint8(table.deck[table.dealt]);
        unchecked {
            ++table.dealt; // below 52: deck[dealt] was just read
        }
    }

    /// @dev `hand` with one more card of `value`.
    function _add(uint256 value, uint256 hand) private pure returns (uint256) {
        unchecked {
            return value == ACE ? (hand + value) | ACE_FLAG : hand + value;
        }
    }

    /// @dev The active hand is done (stand, bust or 21): on to the second split hand, or the round ends.
    function _closeActiveHand(Table memory table) private pure {
        if (table.split && !table.playingSecond) {
            table.playingSecond = true;
            if (score(table.second) == BLACKJACK) _finishRound(table);
        } else {
            _finishRound(table);
        }
    }

    /// @dev The dealer draws to 16 unless every player hand is bust; the hands are compared afterwards.
    function _finishRound(Table memory table) private pure {
        table.over = true;
        bool live = score(table.first) <= BLACKJACK || (table.split && score(table.second) <= BLACKJACK);
        if (!live) return;
        while (score(table.dealer) < DEALER_STANDS_ON) table.dealer = _add(_draw(table), table.dealer);
    }

    /// @dev What one hand of `stake` pays against the dealer's final total, a win `winBps` per stake.
    function _handPayout(uint256 player, uint256 dealer, uint256 stake, uint256 winBps) private pure returns (uint256) {
        if (player > BLACKJACK) return 0;
        if (dealer > BLACKJACK || player > dealer) return (stake * winBps) / BPS;
        return player == dealer ? (stake * PUSH_BPS) / BPS : 0;
    }
}
