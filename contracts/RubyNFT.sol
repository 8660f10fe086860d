// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC721} from "@openzeppelin/contracts/token/ERC721/ERC721.sol";

/// @title Ruby Gems: an open-mint ERC721 for the demo chain (anyone may mint to anyone).
contract RubyNFT is ERC721 {
    /// @notice Number of tokens minted so far; token ids run from 1 to totalSupply.
    uint256 public totalSupply;

    constructor() ERC721("Ruby Gems", "GEM") {}

    /// @notice Mints the next token id to `to`. `_mint`, not `_safeMint`: a contract recipient
    ///         without onERC721Received should not make a demo mint revert.
    function mint(address to) external returns (uint256 tokenId) {
        tokenId = ++totalSupply;
        _mint(to, tokenId);
    }

    function _baseURI() internal pure override returns (string memory) {
        return "https://ruby.example/gems/";
    }
}
