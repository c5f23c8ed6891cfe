// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {ICasino} from "./ICasino.sol";

/// @title IBetReader
/// @notice The Casino's view of a bet (CasinoBets.getBet), as CasinoSessions reads it for a revoked
///         key's action log.
interface IBetReader {
    /// @notice A bet as stored (`open` false once resolved or never placed).
    function getBet(uint256 betId) external view returns (ICasino.BetView memory);
}
