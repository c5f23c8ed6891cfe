// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {Ownable2Step} from "@openzeppelin/contracts/access/Ownable2Step.sol";
import {IJackpotSink} from "./interfaces/IJackpotSink.sol";

/// @notice The two tokens of a Uniswap V2 style pair.
interface IPairTokens {
    function token0() external view returns (address);
    function token1() external view returns (address);
}

/// @title DegenToken
/// @notice ERC-20 "DEGEN": fixed supply of 1,000,000,000 tokens, a launch tax on trades with
///         registered AMM pairs that only ever steps down (25, 21, 17, 13, 9 % per 5 minutes after
///         `openTrading`, then 5 %), split 40 % development / 40 % burn / 20 % Casino jackpot, and
///         a 1 % max wallet for non-exempt holders. Only an AMM pair contract holding DEGEN as
///         one of its two tokens can be registered as a pair, so the owner cannot tax a wallet.
contract DegenToken is ERC20, Ownable2Step {
    uint256 public constant TOTAL_SUPPLY = 1_000_000_000 ether;
    uint256 public constant MAX_WALLET = TOTAL_SUPPLY / 100;
    uint256 public constant LAUNCH_TAX_BPS = 2_500;
    uint256 public constant TAX_STEP_BPS = 400;
    uint256 public constant TAX_STEP_SECONDS = 5 minutes;
    uint256 public constant LAUNCH_STEPS = 5;
    uint256 public constant FINAL_TAX_BPS = 500;
    uint256 public constant DEV_SHARE_PCT = 40;
    uint256 public constant JACKPOT_SHARE_PCT = 20;

    /// @notice The Casino receiving the jackpot share. Fixed at deployment (the deployer predicts
    ///         the Casino's address, and the Casino checks it) so that the Casino's own transfers
    ///         skip the tax logic without a storage read.
    address public immutable casino;
    /// @notice When `openTrading` was called (0 = not yet).
    uint40 public tradingOpenedAt;
    /// @notice Receiver of the development share of the tax.
    address public devWallet;
    /// @notice Registered AMM pairs: transfers to or from them are trades.
    mapping(address => bool) public isPair;
    /// @notice Accounts exempt from the tax and the max wallet.
    mapping(address => bool) public isExempt;

    event TradingOpened(uint256 timestamp);
    event PairSet(address indexed pair, bool isPair);
    event ExemptSet(address indexed account, bool exempt);
    event DevWalletChanged(address indexed previous, address indexed current);
    event TaxCollected(address indexed from, address indexed to, uint256 devAmount, uint256 burnAmount, uint256 jackpotAmount);

    error ZeroAddress();
    error TradingAlreadyOpen();
    error TradingNotOpen();
    error CasinoCannotChangeRole();
    error MaxWalletExceeded(address account, uint256 balance, uint256 maxWallet);
    error NotAPair(address account);

    /// @notice Mints the whole supply to the deployer, who becomes owner.
    /// @param devWallet_ receiver of the development share of the tax
    /// @param casino_ the Casino (deployed after it and CasinoSessions), exempt and receiver of the jackpot share
    constructor(address devWallet_, address casino_) ERC20("DEGEN", "DEGEN") Ownable(msg.sender) {
        if (devWallet_ == address(0) || casino_ == address(0)) revert ZeroAddress();
        devWallet = devWallet_;
        casino = casino_;
        isExempt[msg.sender] = true;
        isExempt[casino_] = true;
        emit ExemptSet(msg.sender, true);
        emit ExemptSet(casino_, true);
        emit DevWalletChanged(address(0), devWallet_);
        _mint(msg.sender, TOTAL_SUPPLY);
    }

    /// @notice Starts the launch ladder.
    function openTrading() external onlyOwner {
        if (tradingOpenedAt != 0) revert TradingAlreadyOpen();
        tradingOpenedAt = uint40(block.timestamp);
        emit TradingOpened(block.timestamp);
    }

    /// @notice Registers or unregisters an AMM pair: registering needs a contract whose
    ///         `token0()` or `token1()` is DEGEN (a Uniswap V2 / PancakeSwap pair), never a wallet.
    /// @param pair the pair contract
    /// @param value true to register
    function setPair(address pair, bool value) external onlyOwner {
        if (pair == address(0)) revert ZeroAddress();
        if (pair == casino) revert CasinoCannotChangeRole();
        if (value && !_isPairOfThis(pair)) revert NotAPair(pair);
        isPair[pair] = value;
        emit PairSet(pair, value);
    }

    /// @notice Exempts an account from (or subjects it to) the tax and the max wallet.
    /// @param account the account
    /// @param value true to exempt
    function setExempt(address account, bool value) external onlyOwner {
        if (account == address(0)) revert ZeroAddress();
        if (account == casino) revert CasinoCannotChangeRole();
        isExempt[account] = value;
        emit ExemptSet(account, value);
    }

    /// @notice Changes the receiver of the development share.
    /// @param devWallet_ the new receiver
    function setDevWallet(address devWallet_) external onlyOwner {
        if (devWallet_ == address(0)) revert ZeroAddress();
        emit DevWalletChanged(devWallet, devWallet_);
        devWallet = devWallet_;
    }

    /// @notice Renouncing ownership before `openTrading` would leave trading shut for good, so
    ///         it is refused until trading is open.
    function renounceOwnership() public override onlyOwner {
        if (tradingOpenedAt == 0) revert TradingNotOpen();
        super.renounceOwnership();
    }

    /// @notice The trade tax in basis points now: the first ladder step before trading opens,
    ///         then 2500 - 400 per full 5 minutes for five steps, then 500 for good.
    function currentTaxBps() public view returns (uint256) {
        uint256 openedAt = tradingOpenedAt;
        if (openedAt == 0) return LAUNCH_TAX_BPS;
        uint256 step = (block.timestamp - openedAt) / TAX_STEP_SECONDS;
        return step < LAUNCH_STEPS ? LAUNCH_TAX_BPS - step * TAX_STEP_BPS : FINAL_TAX_BPS;
    }

    function _update(address from, address to, uint256 value) internal override {
        // The mint and Casino transfers (vault, bankroll, payouts) are never taxed. There is no
        // public burn: the tax burns through super._update, so `to` is never address(0) here.
        bool untaxed = from == address(0) || from == casino || to == casino;
        bool toExempt = to == casino || isExempt[to];
        bool toPair = isPair[to];
        if (!untaxed && (toPair || isPair[from]) && !isExempt[from] && !toExempt) {
            if (tradingOpenedAt == 0) revert TradingNotOpen();
            value -= _takeTax(from, to, value);
        }
        super._update(from, to, value);
        // The cap holds for every receiver that is not exempt, a withdrawal from the Casino's
        // vault included: a vault is not a way around it.
        if (from != address(0) && !toExempt && !toPair && balanceOf(to) > MAX_WALLET) {
            revert MaxWalletExceeded(to, balanceOf(to), MAX_WALLET);
        }
    }

    /// @dev A pair holds DEGEN as one of its two tokens; a wallet or any other contract answers
    ///      neither call (or not with DEGEN).
    function _isPairOfThis(address account) private view returns (bool) {
        if (account.code.length == 0) return false;
        return _answersThis(account, IPairTokens.token0.selector) || _answersThis(account, IPairTokens.token1.selector);
    }

    function _answersThis(address account, bytes4 selector) private view returns (bool) {
        (bool ok, bytes memory answer) = account.staticcall(abi.encodeWithSelector(selector));
        return ok && answer.length == 32 && abi.decode(answer, (address)) == address(this);
    }

    function _takeTax(address from, address to, uint256 value) private returns (uint256 tax) {
        tax = (value * currentTaxBps()) / 10_000;
        uint256 devAmount = (tax * DEV_SHARE_PCT) / 100;
        uint256 jackpotAmount = (tax * JACKPOT_SHARE_PCT) / 100;
        uint256 burnAmount = tax - devAmount - jackpotAmount;
        super._update(from, devWallet, devAmount);
        super._update(from, address(0), burnAmount);
        super._update(from, casino, jackpotAmount);
        IJackpotSink(casino).creditJackpotFromTax(jackpotAmount);
        emit TaxCollected(from, to, devAmount, burnAmount, jackpotAmount);
    }
}
