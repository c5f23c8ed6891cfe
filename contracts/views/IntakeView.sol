// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {Casino} from "../Casino.sol";
import {CasinoLimits} from "../CasinoLimits.sol";
import {CasinoRelay} from "../CasinoRelay.sol";

/// @notice What the server's one-click intake reads of a player before it takes a bet, in one
///         `eth_call` that is never deployed: the call creates this contract (no `to`, its creation
///         code and arguments as data) and the constructor returns the view instead of any code.
///         Seven reads a bet were one (issue #38 item 6); the player's wallet nonce, which no
///         contract can read, is the only other. A deployed copy answers `viewOf` the same way.
contract IntakeView {
    /// @notice A player's commitment, vault, session and limits in one token, at one block.
    struct PlayerView {
        // First, and always far below 2^248: the constructor's returned bytes stand in for a
        // contract's code, which may not begin with the byte 0xEF (EIP-3541).
        uint256 codeSize; // the player's code (non-zero: a contract wallet)
        bytes32 commit; // Casino.commitmentOf, in its order
        uint256 nextNonce;
        uint256 remaining;
        bytes32 root;
        uint256 nextToResolve;
        uint256 chainLength;
        uint256 balance; // Casino.getBalance(player, token)
        int256[2] lost; // CasinoSessions.sessionOf(player, key).lost, DEGEN then BNB
        uint256 relayNonce; // CasinoRelay.nonces(player)
        CasinoLimits.LimitsView limits; // CasinoLimits.limitsOf(player, token)
        uint256 heldUntil; // CasinoSessions.heldOf(player, token): until when a session holds a stake in the vault
    }

    /// @notice Returns `viewOf(casino, player, token, key)`, ABI-encoded, as the created code.
    constructor(Casino casino, address player, address token, address key) {
        bytes memory encoded = abi.encode(viewOf(casino, player, token, key));
        // solhint-disable-next-line no-inline-assembly
        assembly ("memory-safe") {
            return(add(encoded, 0x20), mload(encoded))
        }
    }

    /// @notice `player`'s view for a bet in `token` signed by session key `key`.
    function viewOf(Casino casino, address player, address token, address key) public view returns (PlayerView memory view_) {
        view_.codeSize = player.code.length;
        (view_.commit, view_.nextNonce, view_.remaining, view_.root, view_.nextToResolve, view_.chainLength) = casino.commitmentOf(player);
        view_.balance = casino.getBalance(player, token);
        (, , , , , , , view_.lost) = casino.sessions().sessionOf(player, key);
        view_.relayNonce = CasinoRelay(casino.relay()).nonces(player);
        view_.limits = casino.limits().limitsOf(player, token);
        (, view_.heldUntil) = casino.sessions().heldOf(player, token);
    }
}
