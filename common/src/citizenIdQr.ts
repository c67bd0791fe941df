// Placeholder: the CCCD QR parser lands here.
export {};
