// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";

/// @title RBC20 token template: a plain OpenZeppelin ERC20 with 18 decimals.
/// @notice The whole supply is minted to the deployer; `initialSupply` is in base units
///         (1 token = 10**18), so deploying 1,000,000 tokens passes 1_000_000 * 10**18.
contract RubyToken is ERC20 {
    constructor(string memory name_, string memory symbol_, uint256 initialSupply) ERC20(name_, symbol_) {
        _mint(msg.sender, initialSupply);
    }
}
