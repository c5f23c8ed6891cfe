// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

/// @title IGameRules
/// @notice The games' payout rules, byte for byte those of engine/ (engine/README.md "Rules").
interface IGameRules {
    /// @notice The total payout (stake included) of a bet, as the engine's settleGame gives it.
    /// @param gameType 0 WHEEL, 1 SLOTS, 2 BLACKJACK, 3 KICKBOXING, 4 CRASH, 5 DICE, 6 PLINKO, 7 MINES
    /// @param params the game's parameters (engine/README.md)
    /// @param isNative BNB (RTP 98 %) rather than DEGEN (102 %)
    /// @param stake the stake in base units (for blackjack, of one hand: a split doubles it)
    /// @param word the bet's random word
    /// @param actions the player's actions: blackjack's log ("H", "S", "P"), a manual crash cash-out
    ///        (two bytes, hundredths), mines' log (a tile t as "a" + t, "C" to cash out), empty otherwise
    function payout(uint8 gameType, uint256 params, bool isNative, uint256 stake, bytes32 word, bytes calldata actions)
        external
        pure
        returns (uint256);

    /// @notice The total payout of a blackjack hand whose player staked a split: played when the
    ///         log starts with "P" and the deal allows it, else void (its second stake paid back,
    ///         the hand played as dealt).
    /// @param isNative BNB rather than DEGEN (they pay a winning hand differently)
    /// @param stake the stake of one hand
    /// @param word the bet's random word
    /// @param actions the action log
    function splitStakedPayout(bool isNative, uint256 stake, bytes32 word, bytes calldata actions) external pure returns (uint256);
}
