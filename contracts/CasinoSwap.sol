// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {ICasino} from "./interfaces/ICasino.sol";
import {Announcement} from "./utils/Announcement.sol";
import {CasinoLedger} from "./casino/CasinoLedger.sol";

/// @title CasinoSwap
/// @notice The fixed-rate swap between a player's DEGEN and BNB vault balances, against the house
///         bankroll (docs/product.md §9: 1 DEGEN = 0.0001 BNB). A fixed rate cannot follow the market, so
///         what it can pay out is capped: per swap and over any 24 hours, as shares of the free
///         bankroll of the token paid out. The Casino's owner sets the caps within bounds and
///         changes the rate only by announcing it an announcement delay ahead.
contract CasinoSwap {
    uint256 private constant BPS = 10_000;
    /// @notice The rate's bounds, DEGEN per BNB: ×10 either way of the product's 10,000.
    uint256 public constant MIN_RATE = 1_000;
    uint256 public constant MAX_RATE = 100_000;
    uint256 public constant MAX_SWAP_CAP_BPS = 500;
    uint256 public constant MAX_DAILY_CAP_BPS = 2_000;
    /// @notice An announced rate lapses this long after it became executable.
    uint256 public constant ANNOUNCEMENT_LIFETIME = Announcement.LIFETIME;

    struct Config {
        uint32 rate; // DEGEN per BNB
        uint16 perSwapCapBps;
        uint16 dailyCapBps;
        uint32 pendingRate;
        uint64 pendingRateAt;
    }

    /// @notice Recent payouts of a token, in a bucket of half the daily cap that leaks half the
    ///         daily cap per day: no 24 hours can pay out more than the daily cap.
    struct Flow {
        uint128 level;
        uint64 updatedAt;
    }

    ICasino public immutable casino;
    /// @notice DEGEN; the other token is BNB, address(0).
    address public immutable degen;

    Config private _config;
    mapping(address token => Flow) private _flow;

    event SwapCapsChanged(uint256 perSwapCapBps, uint256 dailyCapBps);
    event SwapRateAnnounced(uint256 rate, uint256 executableAt);
    event SwapRateCancelled(uint256 rate);
    event SwapRateChanged(uint256 rate);

    error NotOwner();
    error SwapBelowMinimum(uint256 amountOut, uint256 minAmountOut);
    error SwapAboveCap(uint256 amountOut, uint256 cap);
    error SwapAboveDailyCap(uint256 amountOut, uint256 room);

    modifier onlyOwner() {
        if (msg.sender != casino.owner()) revert NotOwner();
        _;
    }

    /// @dev Deployed by the Casino's constructor: rate 10,000, caps 1 % per swap and 5 % a day.
    /// @param degen_ the Casino's DEGEN token
    constructor(address degen_) {
        casino = ICasino(msg.sender);
        degen = degen_;
        _config = Config({rate: 10_000, perSwapCapBps: 100, dailyCapBps: 500, pendingRate: 0, pendingRateAt: 0});
    }

    /// @notice Swaps part of the caller's vault balance into the other token.
    /// @param fromToken the token given: DEGEN or address(0)
    /// @param amount base units of `fromToken`
    /// @param minAmountOut the least the caller accepts, in base units of the other token
    /// @return amountOut base units of the other token credited to the caller's vault
    function swap(address fromToken, uint256 amount, uint256 minAmountOut) external returns (uint256 amountOut) {
        return _swap(msg.sender, fromToken, amount, minAmountOut);
    }

    /// @notice A swap the player signed, carried out by the Casino's relay.
    /// @param player whose vault balance is swapped
    /// @param fromToken the token given
    /// @param amount base units of `fromToken`
    /// @param minAmountOut the least the player accepts
    /// @return amountOut what the player's vault received
    function swapFor(address player, address fromToken, uint256 amount, uint256 minAmountOut) external returns (uint256 amountOut) {
        if (msg.sender != casino.relay()) revert ICasino.NotRelay();
        return _swap(player, fromToken, amount, minAmountOut);
    }

    /// @notice Sets the caps, in bps of the free bankroll of the token paid out (Casino owner only).
    /// @param perSwapCapBps one swap, within [1, MAX_SWAP_CAP_BPS]
    /// @param dailyCapBps any 24 hours, within [perSwapCapBps, MAX_DAILY_CAP_BPS]
    function setCaps(uint256 perSwapCapBps, uint256 dailyCapBps) external onlyOwner {
        CasinoLedger.checkBounds(perSwapCapBps, 1, MAX_SWAP_CAP_BPS);
        CasinoLedger.checkBounds(dailyCapBps, perSwapCapBps, MAX_DAILY_CAP_BPS);
        _config.perSwapCapBps = uint16(perSwapCapBps);
        _config.dailyCapBps = uint16(dailyCapBps);
        emit SwapCapsChanged(perSwapCapBps, dailyCapBps);
    }

    /// @notice Announces a new rate, executable after the Casino's announcement delay for
    ///         ANNOUNCEMENT_LIFETIME (Casino owner only). Replaces any pending one.
    /// @param rate DEGEN per BNB, within [MIN_RATE, MAX_RATE]
    function announceRate(uint256 rate) external onlyOwner {
        CasinoLedger.checkBounds(rate, MIN_RATE, MAX_RATE);
        uint64 executableAt = Announcement.executableAt(casino.announcementDelay());
        _config.pendingRate = uint32(rate);
        _config.pendingRateAt = executableAt;
        emit SwapRateAnnounced(rate, executableAt);
    }

    /// @notice Withdraws the pending rate (Casino owner only).
    function cancelRate() external onlyOwner {
        uint256 rate = _config.pendingRate;
        if (rate == 0) revert ICasino.NothingPending();
        _config.pendingRate = 0;
        _config.pendingRateAt = 0;
        emit SwapRateCancelled(rate);
    }

    /// @notice Puts the announced rate in force once its delay has passed and before it lapses
    ///         (Casino owner only).
    function executeRate() external onlyOwner {
        Config memory cfg = _config;
        if (cfg.pendingRate == 0) revert ICasino.NothingPending();
        Announcement.checkExecutable(cfg.pendingRateAt);
        _config.rate = cfg.pendingRate;
        _config.pendingRate = 0;
        _config.pendingRateAt = 0;
        emit SwapRateChanged(cfg.pendingRate);
    }

    /// @notice The rate (DEGEN per BNB), the caps, and a pending rate with its executable time.
    function terms()
        external
        view
        returns (uint256 rate, uint256 perSwapCapBps, uint256 dailyCapBps, uint256 pendingRate, uint256 pendingRateAt)
    {
        Config memory cfg = _config;
        return (cfg.rate, cfg.perSwapCapBps, cfg.dailyCapBps, cfg.pendingRate, cfg.pendingRateAt);
    }

    /// @notice What swapping `amount` of `fromToken` pays now, and the largest payout the caps
    ///         allow now (the least of the per-swap cap and what is left of the daily cap).
    function quote(address fromToken, uint256 amount) external view returns (uint256 amountOut, uint256 maxAmountOut) {
        address toToken = _otherToken(fromToken);
        amountOut = _amountOut(fromToken, amount);
        (uint256 perSwap, uint256 room, ) = _room(toToken);
        maxAmountOut = perSwap < room ? perSwap : room;
    }

    function _swap(address player, address fromToken, uint256 amount, uint256 minAmountOut) private returns (uint256 amountOut) {
        address toToken = _otherToken(fromToken);
        amountOut = _amountOut(fromToken, amount);
        if (amountOut == 0) revert ICasino.ZeroAmount();
        if (amountOut < minAmountOut) revert SwapBelowMinimum(amountOut, minAmountOut);
        (uint256 perSwap, uint256 room, uint256 level) = _room(toToken);
        if (amountOut > perSwap) revert SwapAboveCap(amountOut, perSwap);
        if (amountOut > room) revert SwapAboveDailyCap(amountOut, room);
        _flow[toToken] = Flow({level: uint128(level + amountOut), updatedAt: uint64(block.timestamp)});
        casino.exchange(player, fromToken, amount, amountOut);
    }

    function _otherToken(address fromToken) private view returns (address) {
        if (fromToken == address(0)) return degen;
        if (fromToken == degen) return address(0);
        revert ICasino.UnsupportedToken(fromToken);
    }

    function _amountOut(address fromToken, uint256 amount) private view returns (uint256) {
        return fromToken == address(0) ? amount * _config.rate : amount / _config.rate;
    }

    /// @dev The per-swap cap and the room left in the daily bucket of a token paid out, from its
    ///      free bankroll now; also the bucket's level now.
    function _room(address toToken) private view returns (uint256 perSwap, uint256 room, uint256 level) {
        Config memory cfg = _config;
        (uint256 bankroll, uint256 reserved) = casino.house(toToken);
        uint256 free = bankroll - reserved;
        perSwap = (free * cfg.perSwapCapBps) / BPS;
        uint256 bucket = (free * cfg.dailyCapBps) / BPS / 2;
        Flow memory flow = _flow[toToken];
        uint256 leaked = (bucket * (block.timestamp - flow.updatedAt)) / 1 days;
        level = flow.level > leaked ? flow.level - leaked : 0;
        room = bucket > level ? bucket - level : 0;
    }
}
