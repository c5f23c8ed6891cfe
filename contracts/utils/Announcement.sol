// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {ICasino} from "../interfaces/ICasino.sol";

/// @title Announcement
/// @notice The owner's timelock, written once for the Casino's bankroll withdrawals and settler
///         changes and the swap desk's rate: a change is announced, may be executed once the
///         Casino's announcement delay has passed, and lapses LIFETIME after that, so that an
///         announcement players have stopped watching can never be executed by surprise.
library Announcement {
    /// @notice An announcement lapses this long after it became executable.
    uint256 internal constant LIFETIME = 7 days;

    /// @notice When an announcement made now becomes executable.
    /// @param delay the Casino's announcement delay, in seconds
    function executableAt(uint256 delay) internal view returns (uint64) {
        return uint64(block.timestamp + delay);
    }

    /// @notice Reverts unless an announcement executable at `at` may be executed now: its delay
    ///         has passed (NotReady) and it has not lapsed (AnnouncementLapsed).
    function checkExecutable(uint256 at) internal view {
        if (block.timestamp < at) revert ICasino.NotReady(at);
        uint256 lapsedAt = at + LIFETIME;
        if (block.timestamp > lapsedAt) revert ICasino.AnnouncementLapsed(lapsedAt);
    }
}
