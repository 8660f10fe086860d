// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {RubyPair} from "./RubyPair.sol";

/// @title RubyRouter: creates RubyPair pools (with `new`, so the explorer sees internal contract
///        creations), adds liquidity and swaps along multi-hop paths.
/// @notice Callers approve this router for the tokens they put in.
contract RubyRouter {
    using SafeERC20 for IERC20;

    mapping(address => mapping(address => address)) public getPair;
    address[] public allPairs;

    event PairCreated(address indexed token0, address indexed token1, address pair, uint256 pairCount);

    function allPairsLength() external view returns (uint256) {
        return allPairs.length;
    }

    function createPair(address tokenA, address tokenB) public returns (address pair) {
        require(getPair[tokenA][tokenB] == address(0), "RubyRouter: PAIR_EXISTS");
        RubyPair created = new RubyPair(tokenA, tokenB);
        pair = address(created);
        getPair[tokenA][tokenB] = pair;
        getPair[tokenB][tokenA] = pair;
        allPairs.push(pair);
        emit PairCreated(created.token0(), created.token1(), pair, allPairs.length);
    }

    /// @notice Deposits at the pool's current price: the desired amounts are upper bounds, one of
    ///         them is reduced to match the ratio of the reserves. Creates the pair if missing.
    function addLiquidity(address tokenA, address tokenB, uint256 amountADesired, uint256 amountBDesired)
        external
        returns (uint256 amountA, uint256 amountB, uint256 liquidity)
    {
        address pair = getPair[tokenA][tokenB];
        if (pair == address(0)) pair = createPair(tokenA, tokenB);
        (uint256 reserveA, uint256 reserveB) = _reserves(pair, tokenA);
        if (reserveA == 0 && reserveB == 0) {
            (amountA, amountB) = (amountADesired, amountBDesired);
        } else {
            uint256 amountBOptimal = (amountADesired * reserveB) / reserveA;
            if (amountBOptimal <= amountBDesired) {
                (amountA, amountB) = (amountADesired, amountBOptimal);
            } else {
                (amountA, amountB) = ((amountBDesired * reserveA) / reserveB, amountBDesired);
            }
        }
        IERC20(tokenA).safeTransferFrom(msg.sender, pair, amountA);
        IERC20(tokenB).safeTransferFrom(msg.sender, pair, amountB);
        liquidity = RubyPair(pair).mint(msg.sender);
    }

    /// @notice Output for `amountIn` against the given reserves, after the 0.3% fee.
    function getAmountOut(uint256 amountIn, uint256 reserveIn, uint256 reserveOut) public pure returns (uint256) {
        require(amountIn > 0, "RubyRouter: INSUFFICIENT_INPUT_AMOUNT");
        require(reserveIn > 0 && reserveOut > 0, "RubyRouter: INSUFFICIENT_LIQUIDITY");
        uint256 amountInWithFee = amountIn * 997;
        return (amountInWithFee * reserveOut) / (reserveIn * 1000 + amountInWithFee);
    }

    function getAmountsOut(uint256 amountIn, address[] calldata path) public view returns (uint256[] memory amounts) {
        require(path.length >= 2, "RubyRouter: INVALID_PATH");
        amounts = new uint256[](path.length);
        amounts[0] = amountIn;
        for (uint256 i = 0; i < path.length - 1; i++) {
            address pair = getPair[path[i]][path[i + 1]];
            require(pair != address(0), "RubyRouter: NO_PAIR");
            (uint256 reserveIn, uint256 reserveOut) = _reserves(pair, path[i]);
            amounts[i + 1] = getAmountOut(amounts[i], reserveIn, reserveOut);
        }
    }

    /// @notice Swaps exactly `amountIn` of path[0] along `path`, sending the last token to `to`;
    ///         reverts when the output would be below `amountOutMin`.
    function swapExactTokensForTokens(uint256 amountIn, uint256 amountOutMin, address[] calldata path, address to)
        external
        returns (uint256[] memory amounts)
    {
        amounts = getAmountsOut(amountIn, path);
        require(amounts[amounts.length - 1] >= amountOutMin, "RubyRouter: INSUFFICIENT_OUTPUT_AMOUNT");
        IERC20(path[0]).safeTransferFrom(msg.sender, getPair[path[0]][path[1]], amounts[0]);
        for (uint256 i = 0; i < path.length - 1; i++) {
            (address input, address output) = (path[i], path[i + 1]);
            uint256 amountOut = amounts[i + 1];
            // token0 is the lower address: when input is token0, the output leaves as token1.
            (uint256 amount0Out, uint256 amount1Out) = input < output ? (uint256(0), amountOut) : (amountOut, uint256(0));
            // Each hop pays straight into the next pool; the last one pays the recipient.
            address recipient = i < path.length - 2 ? getPair[output][path[i + 2]] : to;
            RubyPair(getPair[input][output]).swap(amount0Out, amount1Out, recipient);
        }
    }

    function _reserves(address pair, address tokenA) private view returns (uint256 reserveA, uint256 reserveB) {
        (uint256 reserve0, uint256 reserve1) = RubyPair(pair).getReserves();
        (reserveA, reserveB) = tokenA == RubyPair(pair).token0() ? (reserve0, reserve1) : (reserve1, reserve0);
    }
}
