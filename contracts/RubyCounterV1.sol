// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// @title RubyCounterV1: the first implementation behind the devnet's RubyProxy (and the shape of
///        the EIP-1167 clone's target). Owner-upgradeable through the EIP-1967 slot (UUPS style).
contract RubyCounterV1 {
    bytes32 internal constant IMPLEMENTATION_SLOT = 0x360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc;

    address public owner;
    uint256 public count;
    bool private initialized;

    event Upgraded(address indexed implementation);
    event Counted(address indexed by, uint256 count);

    error NotOwner(address caller);
    error AlreadyInitialized();

    function initialize(address owner_) external {
        if (initialized) revert AlreadyInitialized();
        initialized = true;
        owner = owner_;
    }

    function increment() external {
        count += 1;
        emit Counted(msg.sender, count);
    }

    function version() external pure returns (string memory) {
        return "1";
    }

    function upgradeTo(address implementation) external {
        if (msg.sender != owner) revert NotOwner(msg.sender);
        require(implementation.code.length > 0, "RubyCounter: implementation has no code");
        assembly {
            sstore(IMPLEMENTATION_SLOT, implementation)
        }
        emit Upgraded(implementation);
    }
}
