// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

/// @notice Test-only: a player contract whose BNB receive hook calls back into the Casino.
contract ReentrantPlayer {
    address public immutable casino;
    bytes public attack;
    bool public bubble;
    bool public reentrySucceeded;
    bytes public reentryError;
    uint256 public received;

    constructor(address casino_) {
        casino = casino_;
    }

    /// @notice Arms the receive hook: on the next BNB received, call the Casino with `data`;
    ///         when `bubble_`, a failed reentry makes the receive revert too.
    function arm(bytes calldata data, bool bubble_) external {
        attack = data;
        bubble = bubble_;
    }

    /// @notice Calls the Casino as this player.
    function execute(bytes calldata data) external payable returns (bytes memory) {
        (bool ok, bytes memory result) = casino.call{value: msg.value}(data);
        if (!ok) {
            assembly {
                revert(add(result, 0x20), mload(result))
            }
        }
        return result;
    }

    receive() external payable {
        received += msg.value;
        bytes memory data = attack;
        if (data.length == 0) return;
        delete attack;
        (bool ok, bytes memory result) = casino.call(data);
        reentrySucceeded = ok;
        reentryError = result;
        if (!ok && bubble) revert("reentry failed");
    }
}
