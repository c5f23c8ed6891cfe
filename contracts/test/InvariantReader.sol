// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {Casino} from "../Casino.sol";
import {CasinoSwap} from "../CasinoSwap.sol";
import {CasinoRelay} from "../CasinoRelay.sol";
import {CasinoSessions} from "../CasinoSessions.sol";
import {CasinoLimits} from "../CasinoLimits.sol";

/// @notice Test-only: reads what the invariant fuzz compares with its model. `core` reads, in one
///         eth_call, everything the accounting invariant is about (holdings, accounted(token),
///         bankroll, reserved, vaults, reservedBy(player, token), jackpot, bets with their terms and
///         locked entropy, lanes' funds); `extras` reads settings, commitments, nonces, lanes
///         opened, wallets and the quoting views; `oneClick` reads session grants (by player and
///         key) with their lanes, and players' self-set limits.
contract InvariantReader {
    struct PlayerView {
        bytes32 commit;
        uint256 nextNonce;
        uint256 remaining;
        bytes32 root;
        uint256 nextToResolve;
        uint256 chainLength;
        uint256 relayNonce;
        uint256 lanes; // CasinoSessions.lanesOf
    }

    struct Settings {
        uint256 terms;
        uint256 riskBps;
        uint256 playerRiskBps;
        uint256 interactiveRiskBps;
        uint256 settleWindow;
        uint256 announcementDelay;
        uint256 jackpotEdgeBps;
        uint256 jackpotShareBps;
        bool paused;
        address settler;
        address owner;
        address pendingOwner;
        uint256 rate;
        uint256 perSwapCapBps;
        uint256 dailyCapBps;
        uint256 pendingRate;
        uint256 pendingRateAt;
        uint256[2] pendingAmount; // pendingWithdrawal(DEGEN), pendingWithdrawal(BNB)
        uint256[2] pendingAt;
        uint256[2] maxBetLimit;
        address pendingSettler; // pendingSettlerChange()
        uint256 pendingSettlerAt;
    }

    /// @notice A maxBet(token, gameType, params, player) to read.
    struct Probe {
        address token;
        uint8 gameType;
        uint256 params;
        address player;
    }

    struct Query {
        Casino casino;
        address[] players;
        address[] wallets;
        IERC20 other;
        Probe[] probes;
        uint256 quoteDegen;
        uint256 quoteNative;
        bytes32 seed; // for computeRandom(seed, clientSeed, player, nonce) and betIdOf(player, nonce)
        bytes32 clientSeed;
        address player;
        uint64 nonce;
    }

    struct Extras {
        uint256 timestamp;
        PlayerView[] players;
        Settings settings;
        uint256[] wallets; // DEGEN balances of `wallets`
        uint256[] settlerRetiredAt; // settlerRetiredAt of `wallets`
        uint256 otherHeld; // what the Casino holds of `other`
        uint256[] maxBets; // per probe
        uint256[2] degenQuote; // swapDesk.quote(DEGEN, quoteDegen)
        uint256[2] nativeQuote; // swapDesk.quote(BNB, quoteNative)
        bytes32 random; // computeRandom(seed, clientSeed, player, nonce)
        uint256 betId; // betIdOf(player, nonce)
    }

    /// @notice The accounting state as flat words (ABI-decoding nested structs costs the fuzz more
    ///         than the EVM does): block.number, jackpotPool, then for DEGEN and then BNB
    ///         [holding, accounted(token), bankroll, reserved, the hands' reserved, the long shots'
    ///         reserved, getBalance(player, token) per player, reservedBy(player, token) per player],
    ///         then for each bet id the 16 fields of Casino.BetView in order followed by
    ///         lockedEntropy(betId), then for each lane (`player << 32 | lane`) the funds of
    ///         Casino.laneOf, DEGEN then BNB.
    function core(Casino casino, address[] calldata players, uint256[] calldata betIds, uint256[] calldata lanes)
        external
        view
        returns (uint256[] memory words)
    {
        address degen = address(casino.degen());
        words = new uint256[](2 + 2 * (6 + 2 * players.length) + 17 * betIds.length + 2 * lanes.length);
        words[0] = block.number;
        words[1] = casino.jackpotPool();
        uint256 at = _writeToken(words, 2, casino, degen, IERC20(degen).balanceOf(address(casino)), players);
        at = _writeToken(words, at, casino, address(0), address(casino).balance, players);
        for (uint256 i; i < betIds.length; ++i) {
            Casino.BetView memory bet = casino.getBet(betIds[i]);
            words[at++] = uint256(uint160(bet.player));
            words[at++] = bet.nonce;
            words[at++] = uint256(uint160(bet.token));
            words[at++] = bet.stake;
            words[at++] = bet.totalStake;
            words[at++] = bet.maxPayout;
            words[at++] = bet.gameType;
            words[at++] = bet.params;
            words[at++] = uint256(bet.clientSeed);
            words[at++] = bet.split ? 1 : 0;
            words[at++] = bet.placedBlock;
            words[at++] = bet.claimableAt;
            words[at++] = bet.jackpotOdds;
            words[at++] = bet.jackpotPrize;
            words[at++] = bet.jackpotEdgeBps;
            words[at++] = bet.open ? 1 : 0;
            words[at++] = uint256(casino.lockedEntropy(betIds[i]));
        }
        for (uint256 i; i < lanes.length; ++i) {
            (, , , uint256[2] memory funds) = casino.laneOf(address(uint160(lanes[i] >> 32)), uint32(lanes[i]));
            (words[at], words[at + 1]) = (funds[0], funds[1]);
            at += 2;
        }
    }

    /// @notice Flat words: block.timestamp; for each key, CasinoSessions.sessionOf in order (lane,
    ///         expiresAt, tokens, games, revoked, maxBet[2]) and its lane's Casino.laneOf (commit,
    ///         nextNonce, nextToResolve, funds[2]), 12 words; then for each player, for DEGEN and
    ///         then BNB, CasinoLimits.limitsOf in the order of its LimitsView (lossLimit[3],
    ///         lossUsed[3], windowEnds[3], betCap, pendingLossLimit[3], pendingBetCap, pendingAt,
    ///         pendingMask, coolOffUntil, pendingCoolOffUntil, pendingCoolOffAt), 19 words.
    function oneClick(Casino casino, address[] calldata keyPlayers, address[] calldata keys, address[] calldata players) external view returns (uint256[] memory words) {
        words = new uint256[](1 + 12 * keys.length + 2 * 19 * players.length);
        words[0] = block.timestamp;
        uint256 at = 1;
        CasinoSessions sessions = casino.sessions();
        for (uint256 i; i < keys.length; ++i) at = _writeSession(words, at, casino, sessions, keyPlayers[i], keys[i]);
        CasinoLimits limits = casino.limits();
        address degen = address(casino.degen());
        for (uint256 i; i < players.length; ++i) {
            at = _writeLimits(words, at, limits.limitsOf(players[i], degen));
            at = _writeLimits(words, at, limits.limitsOf(players[i], address(0)));
        }
    }

    function extras(Query calldata q) external view returns (Extras memory snap) {
        Casino casino = q.casino;
        address degen = address(casino.degen());
        snap.timestamp = block.timestamp;
        snap.players = _readPlayers(casino, q.players);
        snap.settings = _readSettings(casino, degen);
        snap.wallets = new uint256[](q.wallets.length);
        snap.settlerRetiredAt = new uint256[](q.wallets.length);
        for (uint256 i; i < q.wallets.length; ++i) {
            snap.wallets[i] = IERC20(degen).balanceOf(q.wallets[i]);
            snap.settlerRetiredAt[i] = casino.settlerRetiredAt(q.wallets[i]);
        }
        snap.otherHeld = q.other.balanceOf(address(casino));
        snap.maxBets = new uint256[](q.probes.length);
        for (uint256 i; i < q.probes.length; ++i) {
            Probe calldata probe = q.probes[i];
            snap.maxBets[i] = casino.maxBet(probe.token, probe.gameType, probe.params, probe.player);
        }
        CasinoSwap desk = CasinoSwap(casino.swapDesk());
        (snap.degenQuote[0], snap.degenQuote[1]) = desk.quote(degen, q.quoteDegen);
        (snap.nativeQuote[0], snap.nativeQuote[1]) = desk.quote(address(0), q.quoteNative);
        snap.random = casino.computeRandom(q.seed, q.clientSeed, q.player, q.nonce);
        snap.betId = casino.betIdOf(q.player, q.nonce);
    }

    function _writeToken(uint256[] memory words, uint256 at, Casino casino, address token, uint256 holding, address[] calldata players)
        private
        view
        returns (uint256)
    {
        words[at++] = holding;
        words[at++] = casino.accounted(token);
        (words[at], words[at + 1]) = casino.house(token);
        (, words[at + 2]) = casino.interactiveRisk(token);
        (, words[at + 3]) = casino.longShotRisk(token);
        at += 4;
        for (uint256 i; i < players.length; ++i) words[at++] = casino.getBalance(players[i], token);
        for (uint256 i; i < players.length; ++i) words[at++] = casino.reservedBy(players[i], token);
        return at;
    }

    function _writeSession(uint256[] memory words, uint256 at, Casino casino, CasinoSessions sessions, address keyPlayer, address key)
        private
        view
        returns (uint256)
    {
        (uint256 lane, uint256 expiresAt, uint256 tokens, uint256 games, bool revoked, uint256[2] memory maxBet) = sessions.sessionOf(keyPlayer, key);
        words[at++] = lane;
        words[at++] = expiresAt;
        words[at++] = tokens;
        words[at++] = games;
        words[at++] = revoked ? 1 : 0;
        for (uint256 k; k < 2; ++k) words[at++] = maxBet[k];
        (bytes32 commit, uint256 next, uint256 resolved, uint256[2] memory funds) = casino.laneOf(keyPlayer, uint32(lane));
        words[at++] = uint256(commit);
        words[at++] = next;
        words[at++] = resolved;
        for (uint256 k; k < 2; ++k) words[at++] = funds[k];
        return at;
    }

    function _writeLimits(uint256[] memory words, uint256 at, CasinoLimits.LimitsView memory v) private pure returns (uint256) {
        for (uint256 k; k < 3; ++k) words[at++] = v.lossLimit[k];
        for (uint256 k; k < 3; ++k) words[at++] = v.lossUsed[k];
        for (uint256 k; k < 3; ++k) words[at++] = v.windowEnds[k];
        words[at++] = v.betCap;
        for (uint256 k; k < 3; ++k) words[at++] = v.pendingLossLimit[k];
        words[at++] = v.pendingBetCap;
        words[at++] = v.pendingAt;
        words[at++] = v.pendingMask;
        words[at++] = v.coolOffUntil;
        words[at++] = v.pendingCoolOffUntil;
        words[at++] = v.pendingCoolOffAt;
        return at;
    }

    function _readPlayers(Casino casino, address[] calldata players) private view returns (PlayerView[] memory views) {
        views = new PlayerView[](players.length);
        for (uint256 i; i < players.length; ++i) {
            PlayerView memory v = views[i];
            (v.commit, v.nextNonce, v.remaining, v.root, v.nextToResolve, v.chainLength) = casino.commitmentOf(players[i]);
            v.relayNonce = CasinoRelay(casino.relay()).nonces(players[i]);
            v.lanes = casino.sessions().lanesOf(players[i]);
        }
    }

    function _readSettings(Casino casino, address degen) private view returns (Settings memory s) {
        s.terms = casino.terms();
        (s.riskBps, s.playerRiskBps) = casino.riskBps();
        (s.interactiveRiskBps, ) = casino.interactiveRisk(address(0));
        s.settleWindow = casino.settleWindow();
        s.announcementDelay = casino.announcementDelay();
        (s.jackpotEdgeBps, s.jackpotShareBps) = casino.jackpotTerms();
        s.paused = casino.paused();
        s.settler = casino.settler();
        s.owner = casino.owner();
        s.pendingOwner = casino.pendingOwner();
        (s.rate, s.perSwapCapBps, s.dailyCapBps, s.pendingRate, s.pendingRateAt) = CasinoSwap(casino.swapDesk()).terms();
        (s.pendingAmount[0], s.pendingAt[0]) = casino.pendingWithdrawal(degen);
        (s.pendingAmount[1], s.pendingAt[1]) = casino.pendingWithdrawal(address(0));
        s.maxBetLimit[0] = casino.maxBetLimit(degen);
        s.maxBetLimit[1] = casino.maxBetLimit(address(0));
        (s.pendingSettler, s.pendingSettlerAt) = casino.pendingSettlerChange();
    }
}
