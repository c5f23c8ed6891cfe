// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {SafeCast} from "@openzeppelin/contracts/utils/math/SafeCast.sol";
import {ICasino} from "../interfaces/ICasino.sol";
import {Announcement} from "../utils/Announcement.sol";
import {ACCEPTANCE_WINDOW} from "../interfaces/ISessionCasino.sol";
import {CasinoLedger} from "./CasinoLedger.sol";
import {TermsChange, CasinoStorage, House, PendingSettler, PendingWithdrawal} from "./CasinoStorage.sol";

/// @title HouseAdmin
/// @notice What the Casino's owner may do, each within fixed bounds: the settings that apply to
///         bets placed afterwards, the pause of new bets, announced changes of the settler,
///         announced withdrawals of the free bankroll and sweeps of what the Casino holds beyond
///         what it owes. Runs in the Casino's own storage (an external library, called by
///         delegatecall, only by the owner) to keep the Casino within the 24 KiB contract size limit.
library HouseAdmin {
    using SafeERC20 for IERC20;
    using SafeCast for uint256;

    uint256 internal constant MAX_RISK_BPS = 2_000;
    uint256 internal constant MAX_PLAYER_RISK_BPS = 5_000;
    uint256 internal constant MAX_INTERACTIVE_RISK_BPS = CasinoLedger.MAX_INTERACTIVE_RISK_BPS;
    uint256 internal constant MIN_SETTLE_WINDOW = 10 minutes;
    uint256 internal constant MAX_SETTLE_WINDOW = 1 days;
    uint256 internal constant MIN_ANNOUNCEMENT_DELAY = 1 hours;
    uint256 internal constant MAX_ANNOUNCEMENT_DELAY = 30 days;
    uint256 internal constant MAX_JACKPOT_EDGE_BPS = 200;
    uint256 internal constant MAX_JACKPOT_SHARE_BPS = 5_000;
    uint256 internal constant MAX_BET_UNITS = type(uint24).max;

    // ───────────────────────────── bankroll ─────────────────────────────

    /// @notice Announces a bankroll withdrawal (CasinoHouse.announceBankrollWithdrawal).
    function announceBankrollWithdrawal(CasinoStorage storage s, address token, uint256 amount) external {
        if (amount == 0) revert ICasino.ZeroAmount();
        uint64 executableAt = Announcement.executableAt(s.config.announcementDelay);
        s.pendingWithdrawal[token] = PendingWithdrawal({amount: amount.toUint128(), executableAt: executableAt});
        emit ICasino.BankrollWithdrawalAnnounced(token, amount, executableAt);
    }

    /// @notice Cancels the pending bankroll withdrawal of a token (CasinoHouse.cancelBankrollWithdrawal).
    function cancelBankrollWithdrawal(CasinoStorage storage s, address token) external {
        if (s.pendingWithdrawal[token].amount == 0) revert ICasino.NothingPending();
        delete s.pendingWithdrawal[token];
        emit ICasino.BankrollWithdrawalCancelled(token);
    }

    /// @notice Sends an announced amount of the free bankroll to `to`, the owner (CasinoHouse.executeBankrollWithdrawal).
    function executeBankrollWithdrawal(CasinoStorage storage s, address token, address degen, address to) external {
        PendingWithdrawal memory pending = s.pendingWithdrawal[token];
        if (pending.amount == 0) revert ICasino.NothingPending();
        Announcement.checkExecutable(pending.executableAt);
        House storage funds = s.house[token];
        uint256 free = uint256(funds.bankroll) - funds.reserved;
        if (pending.amount > free) revert ICasino.InsufficientBankroll(free, pending.amount);
        delete s.pendingWithdrawal[token];
        funds.bankroll -= uint96(pending.amount); // ≤ the free bankroll
        s.accounted[token] -= pending.amount;
        emit ICasino.BankrollWithdrawalExecuted(token, pending.amount, to);
        _send(token, to, degen, pending.amount);
    }

    /// @notice Sends what the Casino holds of a token beyond what it owes (CasinoHouse.sweep).
    function sweep(CasinoStorage storage s, address token, address to, address degen) external {
        if (to == address(0)) revert ICasino.ZeroAddress();
        uint256 held = token == CasinoLedger.NATIVE ? address(this).balance : IERC20(token).balanceOf(address(this));
        uint256 owed = s.accounted[token];
        if (held <= owed) revert ICasino.NothingToSweep();
        uint256 amount = held - owed;
        emit ICasino.Swept(token, to, amount);
        if (token == CasinoLedger.NATIVE || token == degen) _send(token, to, degen, amount);
        else IERC20(token).safeTransfer(to, amount);
    }

    // ───────────────────────────── settler ─────────────────────────────

    /// @notice Announces the next settler (CasinoHouse.announceSettlerChange).
    function announceSettlerChange(CasinoStorage storage s, address settler_) external {
        if (settler_ == address(0)) revert ICasino.ZeroAddress();
        uint64 executableAt = Announcement.executableAt(s.config.announcementDelay);
        s.pendingSettler = PendingSettler({settler: settler_, executableAt: executableAt});
        emit ICasino.SettlerChangeAnnounced(settler_, executableAt);
    }

    /// @notice Cancels the announced settler change (CasinoHouse.cancelSettlerChange).
    function cancelSettlerChange(CasinoStorage storage s) external {
        address announced = s.pendingSettler.settler;
        if (announced == address(0)) revert ICasino.NothingPending();
        delete s.pendingSettler;
        emit ICasino.SettlerChangeCancelled(announced);
    }

    /// @notice Makes the announced settler the settler (CasinoHouse.executeSettlerChange). The
    ///         settler it replaces is recorded as retired now: CasinoSessions still takes its
    ///         countersignatures of bets for a while (RETIRED_SETTLER_GRACE), so that a bet it
    ///         accepted can still be placed by its player.
    function executeSettlerChange(CasinoStorage storage s) external {
        PendingSettler memory pending = s.pendingSettler;
        if (pending.settler == address(0)) revert ICasino.NothingPending();
        Announcement.checkExecutable(pending.executableAt);
        address previous = s.settler;
        delete s.pendingSettler;
        s.settlerRetiredAt[previous] = block.timestamp;
        s.settler = pending.settler;
        emit ICasino.SettlerChanged(previous, pending.settler);
    }

    // ───────────────────────────── settings ─────────────────────────────

    /// @notice Stops new bets (CasinoHouse.pause).
    function pause(CasinoStorage storage s) external {
        if (s.config.paused) revert ICasino.IsPaused();
        s.config.paused = true;
        emit ICasino.Paused(msg.sender);
    }

    /// @notice Resumes new bets (CasinoHouse.unpause).
    function unpause(CasinoStorage storage s) external {
        if (!s.config.paused) revert ICasino.NotPaused();
        s.config.paused = false;
        emit ICasino.Unpaused(msg.sender);
    }

    /// @notice Sets the configured ceiling of `maxBet` for a token (CasinoHouse.setMaxBetLimit).
    function setMaxBetLimit(CasinoStorage storage s, address token, uint256 amount) external {
        uint256 unit = CasinoLedger.minBetOf(token);
        CasinoLedger.checkBounds(amount, unit, unit * MAX_BET_UNITS);
        uint24 units = uint24(amount / unit);
        if (token == CasinoLedger.NATIVE) s.config.nativeMaxBetUnits = units;
        else s.config.degenMaxBetUnits = units;
        emit ICasino.MaxBetLimitChanged(token, units * unit);
    }

    /// @notice Sets the largest payout one bet may reserve (CasinoHouse.setRiskBps).
    function setRiskBps(CasinoStorage storage s, uint256 bps) external {
        CasinoLedger.checkBounds(bps, 1, MAX_RISK_BPS);
        s.config.riskBps = uint16(bps);
        emit ICasino.RiskChanged(bps);
    }

    /// @notice Sets the largest sum one player's open bets may reserve (CasinoHouse.setPlayerRiskBps).
    function setPlayerRiskBps(CasinoStorage storage s, uint256 bps) external {
        CasinoLedger.checkBounds(bps, 1, MAX_PLAYER_RISK_BPS);
        s.config.playerRiskBps = uint16(bps);
        emit ICasino.PlayerRiskChanged(bps);
    }

    /// @notice Sets the largest sum all open interactive bets may reserve (CasinoHouse.setInteractiveRiskBps).
    function setInteractiveRiskBps(CasinoStorage storage s, uint256 bps) external {
        CasinoLedger.checkBounds(bps, 1, MAX_INTERACTIVE_RISK_BPS);
        s.config.interactiveRiskBps = uint16(bps);
        emit ICasino.InteractiveRiskChanged(bps);
    }

    /// @notice Sets how long the settler has before a bet can be claimed as expired (CasinoHouse.setSettleWindow).
    function setSettleWindow(CasinoStorage storage s, uint256 seconds_) external {
        CasinoLedger.checkBounds(seconds_, MIN_SETTLE_WINDOW, MAX_SETTLE_WINDOW);
        _keepTerms(s);
        s.config.settleWindow = uint24(seconds_);
        emit ICasino.SettleWindowChanged(seconds_);
    }

    /// @notice Sets the delay between announcing and executing a change (CasinoHouse.setAnnouncementDelay).
    function setAnnouncementDelay(CasinoStorage storage s, uint256 seconds_) external {
        CasinoLedger.checkBounds(seconds_, MIN_ANNOUNCEMENT_DELAY, MAX_ANNOUNCEMENT_DELAY);
        s.config.announcementDelay = uint32(seconds_);
        emit ICasino.AnnouncementDelayChanged(seconds_);
    }

    /// @notice Sets the jackpot terms of DEGEN bets placed afterwards (CasinoHouse.setJackpotTerms).
    function setJackpotTerms(CasinoStorage storage s, uint256 edgeBps, uint256 shareBps) external {
        CasinoLedger.checkBounds(edgeBps, 0, MAX_JACKPOT_EDGE_BPS);
        CasinoLedger.checkBounds(shareBps, 1, MAX_JACKPOT_SHARE_BPS);
        _keepTerms(s);
        s.config.jackpotEdgeBps = uint16(edgeBps);
        s.config.jackpotShareBps = uint16(shareBps);
        emit ICasino.JackpotTermsChanged(edgeBps, shareBps);
    }

    /// @dev Keeps the terms a change replaces, and when: a one-click bet the server accepted under
    ///      them still lands within ACCEPTANCE_WINDOW (CasinoLedger.laneTerms), so that a change
    ///      of terms never voids a bet the house accepted and read. Refuses a change within that
    ///      window of the last (NotReady).
    function _keepTerms(CasinoStorage storage s) private {
        // One change per window: a second within it would drop the terms the bets accepted before
        // the first were signed under, and void them all at a moment the house chose.
        uint256 nextAt = uint256(s.termsChange.changedAt) + ACCEPTANCE_WINDOW;
        if (s.termsChange.changedAt != 0 && block.timestamp < nextAt) revert ICasino.NotReady(nextAt);
        s.termsChange = TermsChange(uint64(CasinoLedger.termsOf(s.config)), uint32(block.timestamp));
    }

    function _send(address token, address to, address degen, uint256 amount) private {
        if (token == CasinoLedger.NATIVE) {
            (bool ok, ) = to.call{value: amount}("");
            if (!ok) revert ICasino.TransferFailed();
        } else {
            IERC20(degen).safeTransfer(to, amount);
        }
    }
}
