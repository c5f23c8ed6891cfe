// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {Ownable2Step} from "@openzeppelin/contracts/access/Ownable2Step.sol";
import {ReentrancyGuardTransient} from "@openzeppelin/contracts/utils/ReentrancyGuardTransient.sol";
import {SafeCast} from "@openzeppelin/contracts/utils/math/SafeCast.sol";
import {CasinoRelay} from "../CasinoRelay.sol";
import {CasinoSwap} from "../CasinoSwap.sol";
import {CasinoSessions} from "../CasinoSessions.sol";
import {CasinoLimits} from "../CasinoLimits.sol";
import {IGameRules} from "../interfaces/IGameRules.sol";
import {ICasino} from "../interfaces/ICasino.sol";
import {CasinoStorage, CasinoEnv, Config} from "./CasinoStorage.sol";
import {CasinoLedger} from "./CasinoLedger.sol";
import {HouseAdmin} from "./HouseAdmin.sol";
import {IDegenToken} from "../interfaces/IDegenToken.sol";
import {Announcement} from "../utils/Announcement.sol";

/// @title CasinoBase
/// @notice What every part of the Casino shares: its storage, the contracts it deploys or is
///         given, its constants, its access checks and the moves of tokens in and out. The Casino
///         is this base and its four concerns (CasinoVault, CasinoBets, CasinoJackpot, CasinoHouse).
abstract contract CasinoBase is ICasino, Ownable2Step, ReentrancyGuardTransient {
    using SafeERC20 for IERC20;
    using SafeCast for uint256;
    using CasinoLedger for CasinoStorage;

    address public constant NATIVE = CasinoLedger.NATIVE;
    uint256 public constant MIN_BET_DEGEN = CasinoLedger.MIN_BET_DEGEN;
    uint256 public constant MIN_BET_NATIVE = CasinoLedger.MIN_BET_NATIVE;
    uint256 public constant MAX_RISK_BPS = HouseAdmin.MAX_RISK_BPS;
    uint256 public constant MAX_PLAYER_RISK_BPS = HouseAdmin.MAX_PLAYER_RISK_BPS;

    /// @notice Open interactive bets (blackjack, crash with a manual cash-out) together never
    ///         reserve more than this share of the bankroll, however many accounts hold them, so
    ///         at least 10 % of it stays free for everyone else's bets.
    uint256 public constant MAX_INTERACTIVE_RISK_BPS = HouseAdmin.MAX_INTERACTIVE_RISK_BPS;
    uint256 public constant MIN_SETTLE_WINDOW = HouseAdmin.MIN_SETTLE_WINDOW;
    uint256 public constant MAX_SETTLE_WINDOW = HouseAdmin.MAX_SETTLE_WINDOW;
    uint256 public constant MIN_ANNOUNCEMENT_DELAY = HouseAdmin.MIN_ANNOUNCEMENT_DELAY;
    uint256 public constant MAX_ANNOUNCEMENT_DELAY = HouseAdmin.MAX_ANNOUNCEMENT_DELAY;

    /// @notice An announced bankroll withdrawal lapses this long after it became executable.
    uint256 public constant ANNOUNCEMENT_LIFETIME = Announcement.LIFETIME;
    uint256 public constant MAX_JACKPOT_EDGE_BPS = HouseAdmin.MAX_JACKPOT_EDGE_BPS;
    uint256 public constant MAX_JACKPOT_SHARE_BPS = HouseAdmin.MAX_JACKPOT_SHARE_BPS;
    uint256 public constant MAX_BET_UNITS = HouseAdmin.MAX_BET_UNITS;

    IERC20 public immutable degen;

    /// @notice The contract that checks players' signatures for relayed withdrawals and swaps.
    address public immutable relay;

    /// @notice The fixed-rate swap, which alone may exchange vault balances against the bankroll.
    address public immutable swapDesk;

    /// @notice The contract that checks session keys' signatures: one-click bets and actions.
    CasinoSessions public immutable sessions;

    /// @notice The limits players set for themselves, consulted on every bet.
    CasinoLimits public immutable limits;

    /// @notice The games' rules: every payout is computed on chain by them.
    IGameRules public immutable rules;
    CasinoStorage internal _s;

    modifier onlySettler() {
        if (msg.sender != _s.settler) revert NotSettler();
        _;
    }

    modifier onlyRelay() {
        if (msg.sender != relay) revert NotRelay();
        _;
    }

    modifier onlySessions() {
        if (msg.sender != address(sessions)) revert NotSessions();
        _;
    }

    modifier onlySwapDesk() {
        if (msg.sender != swapDesk) revert NotSwapDesk();
        _;
    }

    modifier supportedToken(address token) {
        if (token != NATIVE && token != address(degen)) revert UnsupportedToken(token);
        _;
    }

    /// @dev The Casino's constructor (Casino.sol) documents the parameters.
    constructor(IERC20 degen_, address settler_, IGameRules rules_, CasinoSessions sessions_) Ownable(msg.sender) {
        if (
            address(degen_) == address(0) || settler_ == address(0) || address(rules_) == address(0) || address(sessions_) == address(0)
        ) revert ZeroAddress();
        if (IDegenToken(address(degen_)).casino() != address(this)) revert TokenNotBoundToCasino();
        if (address(sessions_.casino()) != address(this) || sessions_.degen() != address(degen_)) revert SessionsNotBoundToCasino();
        degen = degen_;
        rules = rules_;
        relay = address(new CasinoRelay(address(degen_)));
        swapDesk = address(new CasinoSwap(address(degen_)));
        sessions = sessions_;
        limits = new CasinoLimits(address(degen_));
        _s.settler = settler_;
        _s.config = Config({
            paused: false,
            riskBps: 500,
            playerRiskBps: 1_000,
            interactiveRiskBps: 5_000,
            announcementDelay: 24 hours,
            degenMaxBetUnits: 1_000_000, // 1,000,000 DEGEN
            nativeMaxBetUnits: 100_000, // 100 BNB
            settleWindow: 1 hours,
            jackpotEdgeBps: 50,
            jackpotShareBps: 500
        });
        emit SettlerChanged(address(0), settler_);
    }

    /// @notice The Casino's owner, as ICasino names it for the swap desk.
    function owner() public view override(Ownable, ICasino) returns (address) {
        return super.owner();
    }

    function _env() internal view returns (CasinoEnv memory) {
        return CasinoEnv(address(degen), rules, limits);
    }

    /// @dev Receives `amount` from the caller's wallet (BNB as msg.value, DEGEN by allowance) and
    ///      books it as owed.
    function _collect(address token, uint256 amount) internal {
        if (token == NATIVE) {
            if (msg.value != amount) revert ValueMismatch(msg.value, amount);
        } else {
            if (msg.value != 0) revert ValueMismatch(msg.value, 0);
            degen.safeTransferFrom(msg.sender, address(this), amount);
        }
        _s.accounted[token] += amount;
    }

    function _send(address token, address to, uint256 amount) internal {
        if (token == NATIVE) {
            (bool ok, ) = to.call{value: amount}("");
            if (!ok) revert TransferFailed();
        } else {
            degen.safeTransfer(to, amount);
        }
    }
}
