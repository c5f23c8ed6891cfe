// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {EIP712} from "@openzeppelin/contracts/utils/cryptography/EIP712.sol";
import {SignatureChecker} from "@openzeppelin/contracts/utils/cryptography/SignatureChecker.sol";
import {Nonces} from "@openzeppelin/contracts/utils/Nonces.sol";
import {ICasino} from "./interfaces/ICasino.sol";
import {CasinoSwap} from "./CasinoSwap.sol";

/// @title CasinoRelay
/// @notice Carries out a withdrawal or a swap of a player's Casino vault that the player signed
///         (EIP-712), so that someone else (the casino's server) pays the gas. Anyone may submit a
///         signature, but nothing happens without one: each names the player, the token(s), the
///         amount, a nonce used once and a deadline. The Casino deploys its relay and accepts
///         `withdrawFor` / `swapFor` from it alone.
contract CasinoRelay is EIP712, Nonces {
    bytes32 public constant WITHDRAW_TYPEHASH =
        keccak256("Withdraw(address player,address token,uint256 amount,uint256 nonce,uint256 deadline)");
    bytes32 public constant SWAP_TYPEHASH =
        keccak256(
            "Swap(address player,address fromToken,address toToken,uint256 amount,uint256 minAmountOut,uint256 nonce,uint256 deadline)"
        );

    /// @notice A signed withdrawal (the nonce is the player's next, read on chain).
    struct WithdrawRequest {
        address player;
        address token;
        uint256 amount;
        uint256 deadline;
    }

    /// @notice A signed swap (the nonce is the player's next, read on chain).
    struct SwapRequest {
        address player;
        address fromToken;
        address toToken;
        uint256 amount;
        uint256 minAmountOut;
        uint256 deadline;
    }

    /// @notice The Casino whose vault withdrawals and swaps this relays.
    ICasino public immutable casino;
    /// @notice DEGEN, the Casino's one ERC-20 (the other token is BNB, address(0)).
    address public immutable degen;

    error SignatureExpired(uint256 deadline);
    error InvalidSignature();

    /// @dev Deployed by the Casino's constructor.
    /// @param degen_ the Casino's DEGEN token
    constructor(address degen_) EIP712("DEGEN Casino", "1") {
        casino = ICasino(msg.sender);
        degen = degen_;
    }

    /// @notice Withdraws `request.amount` of `request.token` from the player's vault to the
    ///         player, as the player signed.
    /// @param request player (signer, owner and receiver), token (DEGEN or address(0) for BNB),
    ///        amount in base units, deadline (the last timestamp the signature is good for)
    /// @param signature the player's EIP-712 signature of Withdraw (an EOA's or, by EIP-1271, a contract wallet's)
    function withdraw(WithdrawRequest calldata request, bytes calldata signature) external {
        address player = request.player;
        bytes32 structHash = keccak256(
            abi.encode(WITHDRAW_TYPEHASH, player, request.token, request.amount, _useNonce(player), request.deadline)
        );
        _checkSignature(player, structHash, request.deadline, signature);
        casino.withdrawFor(player, request.token, request.amount);
    }

    /// @notice Swaps `request.amount` of `request.fromToken` in the player's vault into
    ///         `request.toToken` (the other token), as the player signed.
    /// @param request player (signer and owner of the vault), fromToken, toToken, amount in base
    ///        units of fromToken, minAmountOut (the least the player accepts), deadline
    /// @param signature the player's EIP-712 signature of Swap
    /// @return amountOut what the player's vault received
    function swap(SwapRequest calldata request, bytes calldata signature) external returns (uint256 amountOut) {
        address player = request.player;
        bytes32 structHash = keccak256(
            abi.encode(
                SWAP_TYPEHASH,
                player,
                request.fromToken,
                request.toToken,
                request.amount,
                request.minAmountOut,
                _useNonce(player),
                request.deadline
            )
        );
        _checkSignature(player, structHash, request.deadline, signature);
        // The Casino pays out the other token: a signature naming anything else is refused.
        if (request.toToken != (request.fromToken == address(0) ? degen : address(0))) revert InvalidSignature();
        return CasinoSwap(casino.swapDesk()).swapFor(player, request.fromToken, request.amount, request.minAmountOut);
    }

    /// @notice Spends the caller's next nonce, cancelling a signature given out but not yet used.
    function useNonce() external {
        _useNonce(msg.sender);
    }

    /// @notice The EIP-712 domain separator (chain id and this relay's address included).
    function domainSeparator() external view returns (bytes32) {
        return _domainSeparatorV4();
    }

    function _checkSignature(address player, bytes32 structHash, uint256 deadline, bytes calldata signature) private view {
        if (block.timestamp > deadline) revert SignatureExpired(deadline);
        if (!SignatureChecker.isValidSignatureNow(player, _hashTypedDataV4(structHash), signature)) revert InvalidSignature();
    }
}
