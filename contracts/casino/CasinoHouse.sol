// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {SafeCast} from "@openzeppelin/contracts/utils/math/SafeCast.sol";
import {Payouts} from "../Payouts.sol";
import {CasinoStorage, House, PendingSettler, PendingWithdrawal} from "./CasinoStorage.sol";
import {CasinoLedger} from "./CasinoLedger.sol";
import {HouseAdmin} from "./HouseAdmin.sol";
import {CasinoBase} from "./CasinoBase.sol";

/// @title CasinoHouse
/// @notice House administration: the bankroll (funding, announced withdrawals, sweep), the
///         settler and its announced changes, pause, and every owner setting within its fixed
///         bounds, with their views.
abstract contract CasinoHouse is CasinoBase {
    using SafeCast for uint256;
    using CasinoLedger for CasinoStorage;

    /// @notice Adds to the house bankroll of a token; anyone may fund.
    /// @param token DEGEN or address(0)
    /// @param amount base units (BNB: equal to msg.value)
    function fundBankroll(address token, uint256 amount) external payable nonReentrant supportedToken(token) {
        if (amount == 0) revert ZeroAmount();
        _collect(token, amount);
        House storage funds = _s.house[token];
        funds.bankroll = (uint256(funds.bankroll) + amount).toUint96();
        emit BankrollFunded(msg.sender, token, amount);
    }

    /// @notice Announces a bankroll withdrawal, executable after `announcementDelay` for
    ///         ANNOUNCEMENT_LIFETIME (owner only). Replaces any pending announcement for the token.
    /// @param token DEGEN or address(0)
    /// @param amount base units
    function announceBankrollWithdrawal(address token, uint256 amount) external onlyOwner supportedToken(token) {
        HouseAdmin.announceBankrollWithdrawal(_s, token, amount);
    }

    /// @notice Cancels the pending bankroll withdrawal of a token (owner only).
    /// @param token DEGEN or address(0)
    function cancelBankrollWithdrawal(address token) external onlyOwner {
        HouseAdmin.cancelBankrollWithdrawal(_s, token);
    }

    /// @notice Sends an announced amount of the free bankroll (never reserved funds, player
    ///         balances or the jackpot) to the owner, once the delay has passed and before the
    ///         announcement lapses (owner only).
    /// @param token DEGEN or address(0)
    function executeBankrollWithdrawal(address token) external nonReentrant onlyOwner {
        HouseAdmin.executeBankrollWithdrawal(_s, token, address(degen), owner());
    }

    /// @notice Sends what the contract holds of a token beyond everything it owes (`accounted`):
    ///         tokens or BNB that reached it outside its functions, and any other ERC-20 in full
    ///         (owner only). Nothing owed to players, open bets, the bankroll or the jackpot can move.
    /// @param token any ERC-20, or address(0) for BNB
    /// @param to the receiver
    function sweep(address token, address to) external nonReentrant onlyOwner {
        HouseAdmin.sweep(_s, token, to, address(degen));
    }

    /// @notice Announces the next settler, who replaces the current one once `announcementDelay`
    ///         has passed, until ANNOUNCEMENT_LIFETIME after that (owner only). Replaces any
    ///         pending announcement.
    /// @param settler_ the next settlement key
    function announceSettlerChange(address settler_) external onlyOwner {
        HouseAdmin.announceSettlerChange(_s, settler_);
    }

    /// @notice Cancels the announced settler change (owner only).
    function cancelSettlerChange() external onlyOwner {
        HouseAdmin.cancelSettlerChange(_s);
    }

    /// @notice Makes the announced settler the settler, once the delay has passed and before the
    ///         announcement lapses (owner only). The replaced settler's countersignatures still
    ///         place bets for CasinoSessions.RETIRED_SETTLER_GRACE (see `settlerRetiredAt`).
    function executeSettlerChange() external onlyOwner {
        HouseAdmin.executeSettlerChange(_s);
    }

    /// @notice Stops new bets (owner only). Settlement, claims, withdrawals and swaps go on.
    function pause() external onlyOwner {
        HouseAdmin.pause(_s);
    }

    /// @notice Resumes new bets (owner only).
    function unpause() external onlyOwner {
        HouseAdmin.unpause(_s);
    }

    /// @notice Sets the configured ceiling of `maxBet` for a token (owner only), rounded down to
    ///         a whole number of minimum bets.
    /// @param token DEGEN or address(0)
    /// @param amount within [minBet(token), minBet(token) × MAX_BET_UNITS]
    function setMaxBetLimit(address token, uint256 amount) external onlyOwner supportedToken(token) {
        HouseAdmin.setMaxBetLimit(_s, token, amount);
    }

    /// @notice Sets the largest payout one bet may reserve, in bps of the free bankroll (owner only).
    /// @param bps within [1, MAX_RISK_BPS]
    function setRiskBps(uint256 bps) external onlyOwner {
        HouseAdmin.setRiskBps(_s, bps);
    }

    /// @notice Sets the largest sum one player's open bets may reserve, in bps of the bankroll (owner only).
    /// @param bps within [1, MAX_PLAYER_RISK_BPS]
    function setPlayerRiskBps(uint256 bps) external onlyOwner {
        HouseAdmin.setPlayerRiskBps(_s, bps);
    }

    /// @notice Sets the largest sum all open interactive bets (blackjack, crash with a manual
    ///         cash-out) may reserve together, in bps of the bankroll (owner only).
    /// @param bps within [1, MAX_INTERACTIVE_RISK_BPS]
    function setInteractiveRiskBps(uint256 bps) external onlyOwner {
        HouseAdmin.setInteractiveRiskBps(_s, bps);
    }

    /// @notice Sets how long the settler has before a bet can be claimed as expired (owner only).
    ///         A term: it applies to bets placed afterwards, but to a one-click bet the server
    ///         accepted before (its deadline within ACCEPTANCE_WINDOW of the change), which keeps the
    ///         replaced terms; one change of the terms per ACCEPTANCE_WINDOW (NotReady).
    /// @param seconds_ within [MIN_SETTLE_WINDOW, MAX_SETTLE_WINDOW]
    function setSettleWindow(uint256 seconds_) external onlyOwner {
        HouseAdmin.setSettleWindow(_s, seconds_);
    }

    /// @notice Sets the delay between announcing and executing a bankroll withdrawal, a settler
    ///         change or a swap rate (owner only). Applies to announcements made afterwards.
    /// @param seconds_ within [MIN_ANNOUNCEMENT_DELAY, MAX_ANNOUNCEMENT_DELAY]
    function setAnnouncementDelay(uint256 seconds_) external onlyOwner {
        HouseAdmin.setAnnouncementDelay(_s, seconds_);
    }

    /// @notice Sets the jackpot terms of DEGEN bets placed afterwards (owner only), as setSettleWindow
    ///         sets the settle window: one change of the terms per ACCEPTANCE_WINDOW.
    /// @param edgeBps a bet's expected jackpot win in bps of its stake, within [0, MAX_JACKPOT_EDGE_BPS]
    /// @param shareBps the share of the pool a hit wins, within [1, MAX_JACKPOT_SHARE_BPS]
    function setJackpotTerms(uint256 edgeBps, uint256 shareBps) external onlyOwner {
        HouseAdmin.setJackpotTerms(_s, edgeBps, shareBps);
    }

    /// @notice A token's bankroll (including reserved) and reserved amount.
    function house(address token) external view returns (uint256 bankroll, uint256 reserved) {
        House memory h = _s.house[token];
        return (h.bankroll, h.reserved);
    }

    /// @notice Everything the contract owes in a token: Σ vaults + Σ open stakes + bankroll (+ jackpot).
    function accounted(address token) external view returns (uint256) {
        return _s.accounted[token];
    }

    /// @notice What a player's open bets reserve of a token's bankroll.
    function reservedBy(address player, address token) external view returns (uint256) {
        return _s.reservedOf(player, token);
    }

    /// @notice A token's RTP multiplier in basis points: DEGEN 10200, BNB 9800, fixed.
    function rtpBps(address token) external view supportedToken(token) returns (uint256) {
        return Payouts.rtpBps(token == NATIVE);
    }

    /// @notice The cap on all open blackjack hands (bps of the bankroll) and what they reserve of a token now.
    function interactiveRisk(address token) external view returns (uint256 bps, uint256 reserved) {
        return (_s.config.interactiveRiskBps, _s.interactiveReserved[token]);
    }

    /// @notice The cap on all open long shots, mines rounds and manual crash rounds (bps of the
    ///         bankroll: half the hands' cap, the two together at most MAX_INTERACTIVE_RISK_BPS),
    ///         and what they reserve of a token now.
    function longShotRisk(address token) external view returns (uint256 bps, uint256 reserved) {
        return (CasinoLedger.longShotRiskBps(_s.config.interactiveRiskBps), _s.longShotReserved[token]);
    }

    /// @notice The configured ceiling of `maxBet` for a token.
    function maxBetLimit(address token) external view supportedToken(token) returns (uint256) {
        return CasinoLedger.maxBetLimitOf(token, _s.config);
    }

    /// @notice The risk settings: one bet's reservation in bps of the free bankroll, and one
    ///         player's open reservations in bps of the bankroll.
    function riskBps() external view returns (uint256 perBet, uint256 perPlayer) {
        return (_s.config.riskBps, _s.config.playerRiskBps);
    }

    /// @notice Seconds after placement from which an unsettled bet placed now can be claimed.
    function settleWindow() external view returns (uint256) {
        return _s.config.settleWindow;
    }

    /// @notice Seconds between announcing and executing a bankroll withdrawal, a settler change
    ///         or a swap rate.
    function announcementDelay() external view returns (uint256) {
        return _s.config.announcementDelay;
    }

    /// @notice The settler address.
    function settler() external view returns (address) {
        return _s.settler;
    }

    /// @notice The announced next settler (address 0: none); executable from `executableAt` until
    ///         `executableAt + ANNOUNCEMENT_LIFETIME`.
    function pendingSettlerChange() external view returns (address settler_, uint256 executableAt) {
        PendingSettler memory p = _s.pendingSettler;
        return (p.settler, p.executableAt);
    }

    /// @notice When `account` stopped being the settler (0: never was one, or never replaced).
    /// @param account a former settler
    function settlerRetiredAt(address account) external view returns (uint256) {
        return _s.settlerRetiredAt[account];
    }

    /// @notice Whether new bets are stopped.
    function paused() external view returns (bool) {
        return _s.config.paused;
    }

    /// @notice The pending bankroll withdrawal of a token; executable from `executableAt` until
    ///         `executableAt + ANNOUNCEMENT_LIFETIME`.
    function pendingWithdrawal(address token) external view returns (uint256 amount, uint256 executableAt) {
        PendingWithdrawal memory p = _s.pendingWithdrawal[token];
        return (p.amount, p.executableAt);
    }
}
