// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// @title RubySplitter: forwards coin to other addresses, so its calls carry internal transfers.
contract RubySplitter {
    event Distributed(address indexed from, uint256 total, uint256 recipients, uint256 share);
    event Tipped(address indexed from, address indexed to, uint256 amount);

    /// @notice Splits msg.value equally among `recipients`; the indivisible remainder (at most
    ///         recipients.length - 1 wei) goes back to the sender. Reverts if any payment fails.
    function distribute(address[] calldata recipients) external payable {
        uint256 n = recipients.length;
        require(n > 0, "RubySplitter: no recipients");
        uint256 share = msg.value / n;
        require(share > 0, "RubySplitter: value too small");
        for (uint256 i = 0; i < n; i++) {
            _pay(recipients[i], share);
        }
        uint256 rest = msg.value - share * n;
        if (rest > 0) _pay(msg.sender, rest);
        emit Distributed(msg.sender, msg.value, n, share);
    }

    /// @notice Forwards msg.value to `to`.
    function tip(address to) external payable {
        require(msg.value > 0, "RubySplitter: empty tip");
        _pay(to, msg.value);
        emit Tipped(msg.sender, to, msg.value);
    }

    function _pay(address to, uint256 amount) private {
        // The contract keeps no state between calls, so a re-entering recipient gains nothing.
        (bool ok, ) = payable(to).call{value: amount}("");
        require(ok, "RubySplitter: payment failed");
    }
}
