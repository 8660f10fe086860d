// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// @title RubyProxy: a minimal EIP-1967 proxy. The implementation address lives in the standard
///        slot; upgrades are done by the implementation itself (UUPS style, see RubyCounterV1).
contract RubyProxy {
    /// bytes32(uint256(keccak256("eip1967.proxy.implementation")) - 1)
    bytes32 internal constant IMPLEMENTATION_SLOT = 0x360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc;

    event Upgraded(address indexed implementation);

    /// @param implementation the first implementation
    /// @param data an initializer call delegated to it (empty for none)
    constructor(address implementation, bytes memory data) payable {
        require(implementation.code.length > 0, "RubyProxy: implementation has no code");
        assembly {
            sstore(IMPLEMENTATION_SLOT, implementation)
        }
        emit Upgraded(implementation);
        if (data.length > 0) {
            (bool ok, bytes memory reason) = implementation.delegatecall(data);
            if (!ok) {
                assembly {
                    revert(add(reason, 32), mload(reason))
                }
            }
        }
    }

    fallback() external payable {
        assembly {
            let impl := sload(IMPLEMENTATION_SLOT)
            calldatacopy(0, 0, calldatasize())
            let ok := delegatecall(gas(), impl, 0, calldatasize(), 0, 0)
            returndatacopy(0, 0, returndatasize())
            switch ok
            case 0 {
                revert(0, returndatasize())
            }
            default {
                return(0, returndatasize())
            }
        }
    }

    receive() external payable {}
}
