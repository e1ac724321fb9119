// The browser entry of the shared package. It is ONE federation singleton: every remote imports from
// '@home-energy/shared' (never a deep path), so the store slice, session context and i18n instance exist once.
import './ui/ui.css';

export { baseApi, type ApiExtraOptions } from './api/base-api';
export { signRedirectUrl } from './api/sign-redirect';
export { CHOOSE_PASSWORD_PATH, choosePasswordRedirect, PASSWORD_CHANGE_REQUIRED } from './api/password-change';
export { registryApi, useGetRegistryQuery } from './api/registry-api';
export {
  profileApi,
  useGetProfileQuery,
  usePatchProfileMutation,
  useDeleteProfilePropertyMutation,
  useRestoreProfilePropertyMutation,
  useAddMiniflowPropertyMutation,
  useSaveContactMutation,
  useResendEmailVerificationMutation,
  useConfirmEmailMutation,
} from './api/profile-api';
export {
  propertyApi,
  useGetQuestionsQuery,
  useGetAnswersQuery,
  useSaveAnswersMutation,
  useComputeBuildingMutation,
  useGetRecommendationsQuery,
  useGetInformationQuery,
  useGetRatesQuery,
  useSaveRatesMutation,
  useSaveConsumptionMutation,
  useRecordInteractionMutation,
  useGetTextQuery,
  useGetPlanQuery,
  useGetPlanSuggestionsQuery,
  useSavePlanMutation,
} from './api/property-api';
export * from './schemas/plan';
export * from './schemas/property-flow';
export * from './schemas/activity-keys';
export * from './schemas/energy';
export type { Profile, ProfileProperty, ProfilePatch } from './schemas/profile';
export { createAppStore, type AppStore, type RootState, type AppDispatch } from './store/create-store';
export {
  SessionProvider,
  useSession,
  fetchSession,
  getSession,
  announceSession,
  getCsrfToken,
  getProviders,
  signIn,
  signOut,
  refreshSession,
  SESSION_BROADCAST_KEY,
  type Session,
  type SessionStatus,
  type SessionUser,
  type SessionContextValue,
  type SessionProviderProps,
  type UseSessionOptions,
  type UpdateSession,
  type GetSessionParams,
  type ClientSafeProvider,
  type ProviderType,
  type SignInOptions,
  type SignInResponse,
  type SignInAuthorizationParams,
  type SignOutParams,
  type SignOutResponse,
} from './auth/session';
export { ENERGY_NS, ENERGY_TEXTS, addEnergyTexts } from './i18n/energy';
export {
  i18n,
  initI18n,
  changeLanguage,
  currentLanguage,
  registerNamespaceBase,
  registeredTextsLoaded,
  LANGUAGES,
  type Language,
} from './i18n/i18n';
export { languageOf } from './i18n/languages';
export { AppProviders } from './app-providers';
export { mountStandalone } from './dev/dev-harness';
export { RemoteRoot } from './remote/remote-root';
export { TextPage } from './remote/text-page';
export {
  REMOTES,
  parseRegistry,
  registrySchema,
  releaseRouteTable,
  type Registry,
  type RemoteName,
  type RemotePackage,
} from './mfe/remotes';
export { markUsable, useMarkUsable } from './mfe/usable';
export { PageLayout, type PageLayoutProps } from './ui/page-layout';
export { PageHead } from './ui/page-head';
export { Pager } from './ui/pager';
export { TableScroll } from './ui/table-scroll';
export { LoadFailed } from './ui/load-failed';
export { PrivacyNoticeLink } from './ui/privacy-notice-link';
export { useFormat, type Format } from './ui/use-format';
export { useDebounced } from './ui/use-debounced';
export { ErrorView, type ErrorViewProps } from './ui/error-view';
export { Loading } from './ui/loading';
export { Logo } from './ui/logo';
export { LanguageSwitch } from './ui/language-switch';
export { MailLanguageChoice } from './ui/mail-language-choice';
export { NotFoundPage } from './ui/not-found';
export { PlaceholderPage } from './ui/placeholder-page';
export { ToastProvider, useToast, TOAST_DURATION_MS, MAX_TOASTS } from './ui/toasts';
export { ThemeByRoute, themeForPath } from './ui/theme';
export { BrandTheme, brandVariables, useBrandConfig } from './ui/brand-theme';
export {
  KnowledgeMessage,
  KnowledgeMessages,
  type KnowledgeMessageContent,
  type KnowledgePlace,
} from './ui/knowledge-message';
export {
  messagesApi,
  useGetFlowMessagesQuery,
  useGetFlowMessageGroupQuery,
  type FlowMessagesArgs,
  type FlowMessageGroupArgs,
  type FlowMessagesByPlace,
} from './api/messages-api';
export {
  accentContrastIssues,
  resolvedAccents,
  softAccentOf,
  darkAccentOf,
  contrastRatio,
  MIN_TEXT_CONTRAST,
  type ContrastIssue,
} from './schemas/brand-colours';
export { brandApi, useGetBrandConfigQuery } from './api/brand-api';
export {
  brandConfigSchema,
  PRIVACY_NOTICE_TEXT_MAX,
  brandConfigInputSchema,
  defaultRateOutside,
  financialProviderSchema,
  type BrandConfig,
  type BrandConfigResponse,
  type FinancialProvider as BrandFinancialProvider,
} from './schemas/brand';
export {
  visibleMenu,
  patternsFrom,
  isExternalPath,
  isItemAllowed,
  menuItem,
  MENU_ITEMS,
  type MenuContext,
  type MenuGroup,
  type MenuItem,
  type MenuRemote,
  type PagePatternOf,
  type VisibleMenu,
} from './console/menu-rules';
export { credentialsSchema, type OrganisationDetails, type SessionOrganisation } from './schemas/session';
// Contact validation (libphonenumber metadata, ~145 KB) is not exported here: the shared singleton loads with the
// shell. Import it by path where it is needed: '@home-energy/shared/validation/contact'.
export {
  RFA_CODES,
  RFA_MESSAGES,
  rfaFor,
  transactionStatusFor,
  TRANSACTION_STATUS_FOR_HINT,
  type RfaCode,
  type RfaMessage,
  type RfaInput,
} from './bankid/messages';
export type {
  HomeownerSession,
  IdentificationMode,
  LoginMethod,
  RequestStatus,
  SignPurpose,
  SignStatus,
  StartSignRequest,
  TransactionStatus,
} from './schemas/bankid';
// Money and number formatting (docs/architecture.md §10), and the green mortgage lenders' contract.
export {
  LOAN_TYPES,
  DEFAULT_LOAN_TYPE,
  LOAN_DEFAULTS,
  INTEREST_DEDUCTION_FACTOR,
  DEFAULT_LIFE_SPAN,
  DEFAULT_MULTIPLIER,
  DEFAULT_HOME_VALUATION,
  DEFAULT_HOME_LOAN,
  HOME_VALUATION_MAX,
  HOME_LOAN_SHARE_MAX,
  MORTGAGE_MAX,
  EXTENSION_LOAN_MAX,
  HOME_LOAN_INTEREST_LIMITS,
  PRIVATE_LOAN_INTEREST_LIMITS,
  PROVIDER_PRIVATE_LOAN_INTEREST_LIMITS,
  LOAN_TERM_LIMITS,
  isLoanType,
  defaultLoanSettings,
  withLoanType,
  activeInterestRate,
  privateLoanInterestLimits,
  homeLoanMax,
  loanLimit,
  loanSliderLimits,
  clampToRange,
  type LoanType,
  type LoanSettings,
  type LoanProvider,
  type NumberRange,
  type SliderLimits,
  type LoanSliderLimits,
} from './finance/loan-terms';
export {
  financeMeasure,
  investmentCostRange,
  interestPerYear,
  remainingLoanSeries,
  cumulativeSavingsSeries,
  repaymentPeriod,
  mortgageDiscount,
  priceToCentsPerKwh,
  type MeasureMoney,
  type CostRange,
  type Financing,
} from './finance/financing';
export { roundToSignificant, roundToDecimals } from './finance/rounding';
export {
  measureCardsToShow,
  cardFigures,
  sameFigures,
  isFree,
  isShown,
  isProposed,
  HEAT_PUMP_TYPES,
  type MeasureCard,
} from './energy/measure-cards';
export { measureName, measureTextKey, isActivityType } from './energy/measure-names';
export {
  formatNumber,
  formatKr,
  formatKwh,
  formatPercent,
  NOT_A_NUMBER,
  type NumberFormatOptions,
} from './format/number';
export { formatDate, formatDateTime, prepareDayFormat, PRODUCT_TIME_ZONE } from './format/date';
export { formatAddress, formatPostcode } from './format/postcode';
export {
  LENDERS,
  lenderSchema,
  discountRequestSchema,
  type Lender,
  type DiscountRequest,
  type DiscountResponse,
} from './schemas/lenders';
// Super admin impersonation (docs/product.md §2 banner): start/stop, then the session shows `user.impersonating`.
export { startImpersonating, stopImpersonating, ImpersonationError } from './auth/impersonation';
// The organisation console's contracts: analytics, flow configuration, validation queue, knowledge base,
// property lookup and account. Types and constants for the console remote; the BFF imports the same files by path.
export * from './schemas/analytics';
export * from './schemas/content';
export * from './schemas/configuration';
export * from './schemas/validation-queue';
export * from './schemas/property-lookup';
export * from './schemas/account';
export * from './schemas/installer-leads';
export * from './schemas/privacy';
export * from './schemas/ids';
export { maxLengthOf } from './schemas/limits';
// The analytics period filter and its day bounds: from here, the console evaluates no schema module of its own.
export { EARLIEST_DAY, latestDay } from './schemas/dates';
export { PERIOD_PRESETS, periodFor, periodFromSearch, type PeriodPreset } from './console/analytics-period';
