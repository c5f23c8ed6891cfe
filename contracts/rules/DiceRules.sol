// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {Payouts} from "../Payouts.sol";
import {RandomStream} from "./RandomStream.sol";

/// @title DiceRules
/// @notice Dice's payout, exactly engine/src/dice.ts settleDice (engine/README.md "Dice"): the roll
///         is the stream's first integer in [0, 10000) (0.00 to 99.99); "roll under" t wins on a roll
///         below t, "roll over" t on a roll above t, and a win pays stake × RTP_BPS ÷ the number of
///         winning rolls, rounded down, so every target returns the token's RTP.
library DiceRules {
    /// @notice The payout of a dice bet; reverts on params Payouts.diceWinningRolls refuses.
    function payout(uint256 params, bool isNative, uint256 stake, bytes32 word) internal pure returns (uint256) {
        uint256 winning = Payouts.diceWinningRolls(params);
        uint256 target = params & (Payouts.DICE_OVER_FLAG - 1);
        uint256 roll = RandomStream.firstUniform(word, Payouts.DICE_ROLLS);
        bool won = params & Payouts.DICE_OVER_FLAG == 0 ? roll < target : roll > target;
        return won ? (stake * Payouts.rtpBps(isNative)) / winning : 0;
    }
}
