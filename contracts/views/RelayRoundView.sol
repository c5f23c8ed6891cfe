// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {Casino} from "../Casino.sol";
import {CasinoRelay} from "../CasinoRelay.sol";

/// @notice What the server's relay reads of a round's players before it sends their batch without
///         a simulation, in one `eth_call` that is never deployed (as IntakeView: the constructor
///         returns the answer instead of any code). One call per player made a round of 300
///         players 300 EVM calls on the node the round was waiting for.
contract RelayRoundView {
    /// @notice The counters a player moves by acting on chain outside the relay.
    struct PlayerNow {
        uint256 relayNonce; // CasinoRelay.nonces(player): withdrawals and swaps carried for them
        uint256 nextNonce; // Casino.commitmentOf(player).nextNonce
        uint256 nextToResolve; // Casino.commitmentOf(player).nextToResolve
    }

    /// @notice Returns `playersNow(casino, players)`, ABI-encoded, as the created code. The answer
    ///         stands in for code, so it may not pass EIP-170's 24,576 bytes: at most 255 players.
    constructor(Casino casino, address[] memory players) {
        bytes memory encoded = abi.encode(playersNow(casino, players));
        // solhint-disable-next-line no-inline-assembly
        assembly ("memory-safe") {
            return(add(encoded, 0x20), mload(encoded))
        }
    }

    /// @notice Each player's CasinoRelay nonce and commitment counters, in the order given.
    function playersNow(Casino casino, address[] memory players) public view returns (PlayerNow[] memory now_) {
        CasinoRelay relay = CasinoRelay(casino.relay());
        now_ = new PlayerNow[](players.length);
        for (uint256 i = 0; i < players.length; ++i) {
            (, now_[i].nextNonce, , , now_[i].nextToResolve, ) = casino.commitmentOf(players[i]);
            now_[i].relayNonce = relay.nonces(players[i]);
        }
    }
}
