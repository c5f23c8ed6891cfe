// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {SafeCast} from "@openzeppelin/contracts/utils/math/SafeCast.sol";
import {ACCEPTANCE_WINDOW} from "./interfaces/ISessionCasino.sol";

/// @notice What the limits call on their Casino.
interface ICasinoMarks {
    function setLimited(address player) external;
}

/// @title CasinoLimits
/// @notice Limits a player sets for their own address, enforced on every bet the Casino takes for
///         it, however the bet arrives (the player's own transaction, a session key, a relay):
///         a net-loss limit per 24 hours, per 7 days and per 30 days, a largest stake, each per
///         token, and a cool-off (self-exclusion) until a date. A stricter setting takes effect at
///         once; a looser one (a higher or no limit, an earlier end of the cool-off) only
///         LOOSEN_DELAY after it was asked for. Withdrawals are never blocked: only bets are.
///         One exception to "at once": a one-click bet the server accepted before a stricter
///         setting (its deadline at most ACCEPTANCE_WINDOW after it) still lands, counted, so that
///         tightening a limit never cancels a bet whose outcome a relay transaction showed; and
///         a one-click bet is held to the loss limits by the server when it accepts it.
/// @dev The Casino deploys its limits and is the only caller of the hooks. A loss window opens
///      when its limit is set or when the previous window has run out, and counts the stakes
///      placed in it less the payouts credited in it (a payout can take it below zero).
contract CasinoLimits {
    using SafeCast for uint256;

    /// @notice How long a looser setting waits before it applies.
    uint256 public constant LOOSEN_DELAY = 24 hours;
    /// @notice The loss windows: 24 hours, 7 days, 30 days.
    uint256 public constant WINDOWS = 3;
    /// @dev setLimits' mask bit for "some value got stricter", above the pending bits.
    uint256 private constant STRICTER = 1 << 7;

    /// @notice One loss window of a token: its limit (0: none), when it opened, and its net loss.
    struct Window {
        uint96 limit;
        uint40 start;
        int120 net;
    }

    /// @notice A player's limits of one token, and a looser change waiting for its time.
    struct TokenLimits {
        Window[3] windows;
        uint96 betCap; // 0: none
        uint96 pendingBetCap;
        uint40 pendingAt; // when the pending change applies (0: none)
        uint8 pendingMask; // bit i: window i's limit pending, bit 3: the bet cap pending
        uint96[3] pendingLoss;
    }

    /// @notice Per player: the cool-off and a pending earlier end of it.
    struct Account {
        uint40 coolOffUntil;
        uint40 pendingCoolOffUntil;
        uint40 pendingCoolOffAt; // 0: none
        uint8 limitedTokens; // bit 0 DEGEN, bit 1 BNB: any limit set or pending
        bool marked; // the Casino knows to consult these limits on the player's bets
        uint40 tightenedAt; // the latest stricter setting (a limit or a cool-off)
    }

    /// @notice Everything the Account dialog shows of a token's limits.
    struct LimitsView {
        uint256[3] lossLimit;
        uint256[3] lossUsed; // net loss in the current window, 0 when below zero or none
        uint256[3] windowEnds; // when the current window runs out (0: no limit, or it already has)
        uint256 betCap;
        uint256[3] pendingLossLimit;
        uint256 pendingBetCap;
        uint256 pendingAt; // 0: nothing pending
        uint256 pendingMask;
        uint256 coolOffUntil;
        uint256 pendingCoolOffUntil;
        uint256 pendingCoolOffAt;
    }

    /// @notice The Casino that deployed these limits and calls their hooks.
    address public immutable casino;
    /// @notice DEGEN; every other token is BNB (address(0)) to the Casino.
    address public immutable degen;

    mapping(address player => Account) private _accounts;
    mapping(address player => mapping(uint256 tokenIndex => TokenLimits)) private _limits;

    event LimitsSet(address indexed player, address indexed token, uint256[3] lossLimit, uint256 betCap);
    event LimitsRequested(address indexed player, address indexed token, uint256[3] lossLimit, uint256 betCap, uint256 mask, uint256 effectiveAt);
    event CoolOffSet(address indexed player, uint256 until);
    event CoolOffRequested(address indexed player, uint256 until, uint256 effectiveAt);

    error NotCasino();
    error UnsupportedToken(address token);
    error CoolingOff(uint256 until);
    error AboveBetCap(uint256 stake, uint256 cap);
    error LossLimitReached(uint256 window, uint256 used, uint256 limit);

    /// @dev Deployed by the Casino's constructor.
    /// @param degen_ the Casino's DEGEN token
    constructor(address degen_) {
        casino = msg.sender;
        degen = degen_;
    }

    // ───────────────────────────── the player ─────────────────────────────

    /// @notice Sets the caller's net-loss limits (24 h, 7 days, 30 days) and largest stake for a
    ///         token, in base units, 0 for none. Each stricter value applies at once; each looser
    ///         one LOOSEN_DELAY from now, replacing any looser request still waiting.
    /// @param token DEGEN or address(0) for BNB
    /// @param lossLimit the net-loss limits of the three windows
    /// @param betCap the largest stake of one bet
    function setLimits(address token, uint256[3] calldata lossLimit, uint256 betCap) external {
        uint256 index = _indexOf(token);
        TokenLimits storage limits = _limits[msg.sender][index];
        _applyPending(limits);
        uint256 mask;
        uint256[3] memory current;
        for (uint256 i; i < WINDOWS; ++i) {
            Window storage window = limits.windows[i];
            uint256 wanted = lossLimit[i];
            if (_stricter(window.limit, wanted)) {
                // A lower limit keeps the window's loss so far; a first one opens a window.
                if (window.limit == 0) {
                    window.start = uint40(block.timestamp);
                    window.net = 0;
                }
                window.limit = wanted.toUint96();
                mask |= STRICTER;
            } else if (wanted != window.limit) {
                mask |= 1 << i;
                limits.pendingLoss[i] = wanted.toUint96();
            }
            current[i] = window.limit;
        }
        if (_stricter(limits.betCap, betCap)) {
            limits.betCap = betCap.toUint96();
            mask |= STRICTER;
        } else if (betCap != limits.betCap) {
            mask |= 1 << WINDOWS;
            limits.pendingBetCap = betCap.toUint96();
        }
        if (mask & STRICTER != 0) {
            _accounts[msg.sender].tightenedAt = uint40(block.timestamp);
            mask ^= STRICTER;
        }
        // A stricter value dropped whatever looser one waited for the same setting.
        limits.pendingMask = uint8(mask);
        limits.pendingAt = mask == 0 ? 0 : uint40(block.timestamp + LOOSEN_DELAY);
        _accounts[msg.sender].limitedTokens |= uint8(1 << index);
        _mark(msg.sender);
        emit LimitsSet(msg.sender, token, current, limits.betCap);
        if (mask != 0) {
            emit LimitsRequested(msg.sender, token, lossLimit, betCap, mask, limits.pendingAt);
        }
    }

    /// @notice Stops the caller's bets until `until` (a cool-off; far ahead, a self-exclusion). A
    ///         later end applies at once; an earlier one (0 ends it) LOOSEN_DELAY from now.
    /// @param until a unix time
    function setCoolOff(uint256 until) external {
        Account storage account = _accounts[msg.sender];
        _applyPendingCoolOff(account);
        _mark(msg.sender);
        if (until > account.coolOffUntil) {
            account.coolOffUntil = until.toUint40();
            account.tightenedAt = uint40(block.timestamp);
            account.pendingCoolOffAt = 0;
            emit CoolOffSet(msg.sender, until);
        } else if (until < account.coolOffUntil) {
            uint256 effectiveAt = block.timestamp + LOOSEN_DELAY;
            account.pendingCoolOffUntil = uint40(until);
            account.pendingCoolOffAt = uint40(effectiveAt);
            emit CoolOffRequested(msg.sender, until, effectiveAt);
        }
    }

    // ───────────────────────────── the Casino's hooks ─────────────────────────────

    /// @notice Refuses a stake the player's limits do not allow, and counts it against the loss
    ///         windows (Casino only). A player without limits costs one storage read. A one-click
    ///         bet (`deadline` non-zero) is held to the loss limits when the server accepts it,
    ///         and here only counted: its player's other bets move the windows while it is on its
    ///         way, and must not refuse it. One whose deadline is at most ACCEPTANCE_WINDOW after
    ///         the latest stricter setting was accepted by the server before it (the bound of
    ///         docs/decisions.md §9): counted, never refused.
    /// @param player the bettor
    /// @param isNative a BNB bet
    /// @param stake base units
    /// @param deadline a one-click bet's signed deadline; 0 for any other bet
    function beforeBet(address player, bool isNative, uint256 stake, uint256 deadline) external {
        if (msg.sender != casino) revert NotCasino();
        Account storage account = _accounts[player];
        Account memory seen = account;
        if (seen.pendingCoolOffAt != 0) {
            _applyPendingCoolOff(account);
            seen = account;
        }
        bool accepted = deadline != 0 && deadline <= uint256(seen.tightenedAt) + ACCEPTANCE_WINDOW;
        if (!accepted && block.timestamp < seen.coolOffUntil) revert CoolingOff(seen.coolOffUntil);
        uint256 index = isNative ? 1 : 0;
        if (seen.limitedTokens & (1 << index) == 0) return;
        TokenLimits storage limits = _limits[player][index];
        _applyPending(limits);
        uint256 cap = limits.betCap;
        if (!accepted && cap != 0 && stake > cap) revert AboveBetCap(stake, cap);
        for (uint256 i; i < WINDOWS; ++i) {
            Window storage window = limits.windows[i];
            uint256 limit = window.limit;
            if (limit == 0) continue;
            _roll(window, i);
            int256 before = window.net;
            int256 net = before + int256(stake);
            if (deadline == 0 && net > int256(limit)) revert LossLimitReached(i, before > 0 ? uint256(before) : 0, limit);
            window.net = int120(net);
        }
    }

    /// @notice Credits a payout to the loss windows of the player's limits (Casino only).
    /// @param player the bettor
    /// @param isNative a BNB bet
    /// @param payout base units
    function afterPayout(address player, bool isNative, uint256 payout) external {
        if (msg.sender != casino) revert NotCasino();
        uint256 index = isNative ? 1 : 0;
        if (payout == 0 || _accounts[player].limitedTokens & (1 << index) == 0) return;
        TokenLimits storage limits = _limits[player][index];
        for (uint256 i; i < WINDOWS; ++i) {
            Window storage window = limits.windows[i];
            if (window.limit == 0) continue;
            _roll(window, i);
            window.net = int120(int256(window.net) - int256(payout));
        }
    }

    // ───────────────────────────── views ─────────────────────────────

    /// @notice A player's limits of a token, how much of each is used, and what is pending.
    function limitsOf(address player, address token) external view returns (LimitsView memory view_) {
        TokenLimits storage limits = _limits[player][_indexOf(token)];
        bool due = limits.pendingAt != 0 && block.timestamp >= limits.pendingAt;
        for (uint256 i; i < WINDOWS; ++i) {
            Window memory window = limits.windows[i];
            if (due && limits.pendingMask & (1 << i) != 0) window.limit = limits.pendingLoss[i];
            view_.lossLimit[i] = window.limit;
            // Only a change still waiting is pending: one applied, or never asked, is not.
            if (!due && limits.pendingMask & (1 << i) != 0) view_.pendingLossLimit[i] = limits.pendingLoss[i];
            if (window.limit == 0) continue;
            uint256 ends = uint256(window.start) + _period(i);
            if (block.timestamp >= ends) continue;
            view_.windowEnds[i] = ends;
            view_.lossUsed[i] = window.net > 0 ? uint256(int256(window.net)) : 0;
        }
        view_.betCap = due && limits.pendingMask & (1 << WINDOWS) != 0 ? limits.pendingBetCap : limits.betCap;
        if (!due) {
            view_.pendingBetCap = limits.pendingBetCap;
            view_.pendingAt = limits.pendingAt;
            view_.pendingMask = limits.pendingMask;
        }
        Account memory account = _accounts[player];
        bool coolOffDue = account.pendingCoolOffAt != 0 && block.timestamp >= account.pendingCoolOffAt;
        view_.coolOffUntil = coolOffDue ? account.pendingCoolOffUntil : account.coolOffUntil;
        if (!coolOffDue && account.pendingCoolOffAt != 0) {
            view_.pendingCoolOffUntil = account.pendingCoolOffUntil;
            view_.pendingCoolOffAt = account.pendingCoolOffAt;
        }
    }

    // ───────────────────────────── internals ─────────────────────────────

    /// @dev From a player's first setting on, the Casino calls the hooks for their bets (a player
    ///      who never sets one costs no call).
    function _mark(address player) private {
        Account storage account = _accounts[player];
        if (account.marked) return;
        account.marked = true;
        ICasinoMarks(casino).setLimited(player);
    }

    /// @dev A limit is stricter when one is set where there was none, or a lower one.
    function _stricter(uint256 current, uint256 wanted) private pure returns (bool) {
        return wanted != 0 && (current == 0 || wanted < current);
    }

    /// @dev Applies a looser change whose time has come. A window keeps its loss so far: a higher
    ///      limit allows only the difference until the window runs out.
    function _applyPending(TokenLimits storage limits) private {
        uint256 at = limits.pendingAt;
        if (at == 0 || block.timestamp < at) return;
        uint256 mask = limits.pendingMask;
        for (uint256 i; i < WINDOWS; ++i) {
            if (mask & (1 << i) != 0) limits.windows[i].limit = limits.pendingLoss[i];
        }
        if (mask & (1 << WINDOWS) != 0) limits.betCap = limits.pendingBetCap;
        limits.pendingAt = 0;
        limits.pendingMask = 0;
    }

    function _applyPendingCoolOff(Account storage account) private {
        uint256 at = account.pendingCoolOffAt;
        if (at == 0 || block.timestamp < at) return;
        account.coolOffUntil = account.pendingCoolOffUntil;
        account.pendingCoolOffAt = 0;
    }

    /// @dev Opens a new window once the current one has run out.
    function _roll(Window storage window, uint256 i) private {
        if (block.timestamp < uint256(window.start) + _period(i)) return;
        window.start = uint40(block.timestamp);
        window.net = 0;
    }

    function _period(uint256 i) private pure returns (uint256) {
        return i == 0 ? 1 days : i == 1 ? 7 days : 30 days;
    }

    function _indexOf(address token) private view returns (uint256) {
        if (token == degen) return 0;
        if (token == address(0)) return 1;
        revert UnsupportedToken(token);
    }
}
