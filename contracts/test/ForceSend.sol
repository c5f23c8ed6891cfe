// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

/// @notice Test-only: sends its whole value to `target` without calling it, by self-destructing
///         in its constructor (EIP-6780 keeps that behaviour for a contract created in the same
///         transaction), the way BNB can reach a contract that has no payable entry for it.
contract ForceSend {
    constructor(address payable target) payable {
        selfdestruct(target);
    }
}
