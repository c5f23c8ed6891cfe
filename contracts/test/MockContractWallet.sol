// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {ECDSA} from "@openzeppelin/contracts/utils/cryptography/ECDSA.sol";
import {IERC1271} from "@openzeppelin/contracts/interfaces/IERC1271.sol";

/// @notice Test-only: a minimal EIP-1271 contract wallet. It acts (deposits, withdraws) when its
///         owner EOA calls `execute`, and accepts a signature of a hash when the owner signed it.
contract MockContractWallet is IERC1271 {
    address public immutable owner;

    error NotOwner();

    constructor(address owner_) {
        owner = owner_;
    }

    /// @notice Calls `target` with `value` and `data` as this wallet (owner only).
    function execute(address target, uint256 value, bytes calldata data) external payable returns (bytes memory) {
        if (msg.sender != owner) revert NotOwner();
        (bool ok, bytes memory result) = target.call{value: value}(data);
        if (!ok) {
            assembly ("memory-safe") {
                revert(add(result, 0x20), mload(result))
            }
        }
        return result;
    }

    /// @inheritdoc IERC1271
    function isValidSignature(bytes32 hash, bytes calldata signature) external view returns (bytes4) {
        (address signer, ECDSA.RecoverError error, ) = ECDSA.tryRecover(hash, signature);
        return error == ECDSA.RecoverError.NoError && signer == owner ? IERC1271.isValidSignature.selector : bytes4(0xffffffff);
    }

    receive() external payable {}
}
