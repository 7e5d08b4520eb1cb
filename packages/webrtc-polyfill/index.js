// No WebRTC in Nubo's server: webtorrent then talks to peers over TCP (and uTP where it builds),
// as BitTorrent clients outside browsers do.
export const RTCPeerConnection = undefined;
export const RTCSessionDescription = undefined;
export const RTCIceCandidate = undefined;
export default {};
