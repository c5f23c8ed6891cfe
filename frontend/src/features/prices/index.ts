export { UsdValue } from "./components/usd-value";
