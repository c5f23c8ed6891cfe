export { LimitsSection } from "./components/limits-section";
