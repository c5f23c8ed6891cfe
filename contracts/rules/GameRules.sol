// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {Payouts} from "../Payouts.sol";
import {BlackjackRules} from "./BlackjackRules.sol";
import {CrashRules} from "./CrashRules.sol";
import {DiceRules} from "./DiceRules.sol";
import {KickboxingRules} from "./KickboxingRules.sol";
import {MinesRules} from "./MinesRules.sol";
import {PlinkoRules} from "./PlinkoRules.sol";
import {SlotsRules} from "./SlotsRules.sol";
import {WheelRules} from "./WheelRules.sol";

/// @title GameRules
/// @notice The games' payout rules, computed on chain byte for byte as the engine's
///         settleGame (engine/src/settle.ts) computes them from a bet's random word: the same draws
///         of the same stream (./RandomStream.sol), the same roundings, and a revert for every bet
///         or action log the engine refuses. A contract of its own, so that the Casino calls it
///         rather than carries it.
/// @dev Game types and params as contracts/Payouts.sol numbers them. Every rule lives in the
///      game's library in this folder; this contract only checks what all games share and
///      dispatches. It holds no state: `payout` is pure.
contract GameRules {
    /// @notice The largest stake accepted: with every multiplier of the games below 2^23 and
    ///         mines' unreduced fraction below 2^98 (MinesRules.sol), no product of the payout
    ///         formulas can overflow, so every payout is the engine's exact
    ///         bigint result. It is far above any stake a token's supply allows.
    uint256 public constant MAX_STAKE = type(uint128).max;

    /// @notice The stake is 0 (the engine refuses a stake ≤ 0) or above MAX_STAKE.
    error InvalidStake(uint256 stake);
    /// @notice An action log was given for a game that takes none (wheel, slots, kickboxing, dice, plinko).
    error UnexpectedActions(uint8 gameType);

    /// @notice The total payout of a settled bet in base units, stake included: exactly the
    ///         engine's settleGame(...).payout for the same bet and word.
    /// @param gameType 0 WHEEL, 1 SLOTS, 2 BLACKJACK, 3 KICKBOXING, 4 CRASH, 5 DICE, 6 PLINKO,
    ///        7 MINES (Payouts.sol).
    /// @param params The bet's params: wheel colour bitmask, kickboxing side, crash auto cash-out
    ///        in hundredths (0 = manual), dice target with its roll-over bit, plinko rows and risk,
    ///        the number of mines (1 to 24); 0 for slots and blackjack.
    /// @param isNative BNB (RTP 98 %) rather than DEGEN (RTP 102 %).
    /// @param stake The stake in base units; for blackjack the stake of one hand (a split stakes
    ///        a second, equal one).
    /// @param word The bet's random word (FairRandom.word).
    /// @param actions Empty except for blackjack (the action log, 'H', 'S', 'P' bytes), manual
    ///        crash (empty for no cash-out, or the cash-out in hundredths as 2 bytes big-endian) and
    ///        mines (the action log: a tile t as 'a' + t, the cash-out 'C'; a log that stops with
    ///        the round in play is cashed out at its safe tiles).
    /// @return The payout; it reverts instead on params, a stake or actions the engine refuses.
    function payout(uint8 gameType, uint256 params, bool isNative, uint256 stake, bytes32 word, bytes calldata actions) external pure returns (uint256) {
        if (stake == 0 || stake > MAX_STAKE) revert InvalidStake(stake);
        if (gameType == Payouts.BLACKJACK) return BlackjackRules.payout(params, isNative, stake, word, actions);
        if (gameType == Payouts.CRASH) return CrashRules.payout(params, isNative, stake, word, actions);
        if (gameType == Payouts.MINES) return MinesRules.payout(params, isNative, stake, word, actions);
        if (gameType >= Payouts.GAME_COUNT) revert Payouts.InvalidGameType(gameType);
        if (actions.length != 0) revert UnexpectedActions(gameType);
        if (gameType == Payouts.WHEEL) return WheelRules.payout(params, isNative, stake, word);
        if (gameType == Payouts.SLOTS) return SlotsRules.payout(params, isNative, stake, word);
        if (gameType == Payouts.DICE) return DiceRules.payout(params, isNative, stake, word);
        if (gameType == Payouts.PLINKO) return PlinkoRules.payout(params, isNative, stake, word);
        return KickboxingRules.payout(params, stake, word);
    }

    /// @notice The total payout of a blackjack hand whose player staked a split (both stakes'
    ///         worth): exactly the engine's settleSplitStakedBlackjack. The split is played when
    ///         the log starts with it and the deal allows it (a pair, no natural); otherwise it is
    ///         void: its second stake is paid back and the hand plays its log as dealt.
    /// @param isNative BNB (a win pays 1.98x, a natural 2.47x) rather than DEGEN (2x, 2.5x).
    /// @param stake The stake of one hand.
    /// @param word The bet's random word.
    /// @param actions The action log; the split is played only when it starts with 'P'.
    /// @return The payout; it reverts on a log the engine refuses.
    function splitStakedPayout(bool isNative, uint256 stake, bytes32 word, bytes calldata actions) external pure returns (uint256) {
        if (stake == 0 || stake > MAX_STAKE) revert InvalidStake(stake);
        return BlackjackRules.splitStakedPayout(isNative, stake, word, actions);
    }
}
