module.exports = { skipFiles: ["test/"] }; // test-only harnesses and attackers are not the product
