// The local services' certificate maker (packages/push-sim: the APNs service started by hand needs one
// too), for the tests and benches that import it from here.
export { selfSignedCertificate, type SelfSignedCertificate } from '@motema/push-sim/self-signed-certificate';
