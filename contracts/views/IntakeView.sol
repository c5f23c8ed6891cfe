// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {Casino} from "../Casino.sol";
import {CasinoLimits} from "../CasinoLimits.sol";

/// @title IntakeView
/// @notice Never deployed: the server's one-click intake creates it in an `eth_call` (no `to`),
///         and its constructor returns, in place of code, what the intake checks a bet against at
///         that block (docs/decisions.md §4): one request where each read took one.
contract IntakeView {
    /// @notice A player's session, lane and limits in one token, and the room a bet of one game has, at one block.
    struct PlayerView {
        // First, and always far below 2^248: the constructor's returned bytes stand in for a
        // contract's code, which may not begin with the byte 0xEF (EIP-3541).
        uint256 codeSize; // the player's code (non-zero: a contract wallet)
        uint256 lane; // CasinoSessions.sessionOf(player, key), in its order
        uint256 expiresAt;
        uint256 tokens;
        uint256 games;
        bool revoked;
        uint256[2] maxBet;
        bytes32 laneCommit; // Casino.laneOf(player, lane), in its order
        uint256 laneNext;
        uint256 laneResolved;
        uint256[2] laneFunds;
        CasinoLimits.LimitsView limits; // CasinoLimits.limitsOf(player, token)
        uint256 roomMaxBet; // Casino.maxBet(token, game, params, player): the wallet path's largest stake now
        uint256 blockTimestamp; // the block the view was read at: the acceptance window counts from it
    }

    /// @notice Returns `viewOf(casino, player, token, key, game, params)`, ABI-encoded, as the created code.
    constructor(Casino casino, address player, address token, address key, uint8 game, uint256 params) {
        bytes memory encoded = abi.encode(viewOf(casino, player, token, key, game, params));
        // solhint-disable-next-line no-inline-assembly
        assembly ("memory-safe") {
            return(add(encoded, 0x20), mload(encoded))
        }
    }

    /// @notice `player`'s view for a bet in `token` of `game` with `params`, signed by session key `key`.
    function viewOf(Casino casino, address player, address token, address key, uint8 game, uint256 params)
        public
        view
        returns (PlayerView memory view_)
    {
        view_.codeSize = player.code.length;
        (view_.lane, view_.expiresAt, view_.tokens, view_.games, view_.revoked, view_.maxBet) = casino.sessions().sessionOf(player, key);
        (view_.laneCommit, view_.laneNext, view_.laneResolved, view_.laneFunds) = casino.laneOf(player, uint32(view_.lane));
        view_.limits = casino.limits().limitsOf(player, token);
        view_.roomMaxBet = casino.maxBet(token, game, params, player);
        view_.blockTimestamp = block.timestamp;
    }
}
