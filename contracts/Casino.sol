// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {IGameRules} from "./interfaces/IGameRules.sol";
import {CasinoSessions} from "./CasinoSessions.sol";
import {CasinoBase} from "./casino/CasinoBase.sol";
import {CasinoVault} from "./casino/CasinoVault.sol";
import {CasinoBets} from "./casino/CasinoBets.sol";
import {CasinoJackpot} from "./casino/CasinoJackpot.sol";
import {CasinoHouse} from "./casino/CasinoHouse.sol";

/// @title Casino
/// @notice Vault, house bankroll, escrowed bets settled by commit-reveal hash chains, and the DEGEN
///         jackpot. Native BNB is token address(0); the only ERC-20 is DEGEN. It deploys its
///         helpers CasinoRelay (withdrawals and swaps the player signed, sent by someone else),
///         CasinoSwap (the fixed-rate swap) and CasinoLimits (the limits players set for
///         themselves); CasinoSessions (one-click play) is deployed before it, bound to its
///         address as DegenToken is. Its concerns are contracts of their own under
///         contracts/casino/: CasinoVault, CasinoBets, CasinoJackpot and CasinoHouse, on CasinoBase.
/// @dev For each token the contract always holds at least `accounted` = Σ vault balances + Σ open
///      stakes + bankroll (+ jackpot pool for DEGEN), and bankroll ≥ reserved (sum of open bets'
///      maximum payouts). A bet id is `player << 64 | nonce`, so a bet needs no player field in
///      storage. Every term a bet is settled or claimed under is stored with it when it is placed.
contract Casino is CasinoVault, CasinoBets, CasinoJackpot, CasinoHouse {
    /// @param degen_ the DEGEN token
    /// @param settler_ the server's settlement key
    /// @param rules_ the games' rules (contracts/rules/GameRules.sol)
    /// @param sessions_ the one-click sessions, deployed before the Casino and bound to its address
    ///        (`sessions_.casino()` must be this contract, else SessionsNotBoundToCasino)
    constructor(
        IERC20 degen_,
        address settler_,
        IGameRules rules_,
        CasinoSessions sessions_
    ) CasinoBase(degen_, settler_, rules_, sessions_) {}
}
