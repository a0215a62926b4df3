// Public top-level type names of the frameworks a Swift file commonly imports beside a
// generated client. Refresh the toolchain's lists with Scripts/platform-type-names.py; the
// SwiftUI and Combine lists are kept by hand from Apple's documentation, as those frameworks
// are not on Linux.

/// The public type names of the platform frameworks, by framework.
///
/// A generated type named like one of them would make the name ambiguous in every file that
/// imports both the client and the framework (`Label` in a SwiftUI view that shows GitHub
/// labels), so ``TypeNameRegistry`` gives such a type the `Model` suffix (`LabelModel`), as it
/// does for Swift's own names. The lists are data, kept in one place, so a test can check
/// every generated name against them.
enum PlatformTypeNames {
    /// A framework and the public type names it declares at the top level.
    struct Framework: Sendable {
        var module: String
        var typeNames: Set<String>
    }

    /// Every framework whose names a generated type steps aside from.
    static let frameworks: [Framework] = [
        swift, concurrency, stringProcessing, foundation, foundationEssentials,
        foundationInternationalization, foundationNetworking, observation, dispatch, synchronization,
        swiftUI, combine,
    ]

    /// Every name of ``frameworks``.
    static let all: Set<String> = frameworks.reduce(into: []) { $0.formUnion($1.typeNames) }

    private static func names(module: String, _ list: String) -> Framework {
        Framework(module: module, typeNames: Set(list.split(whereSeparator: \.isWhitespace).map(String.init)))
    }

    /// The standard library. Read from the toolchain.
    static let swift = names(
        module: "Swift",
        """
        AdditiveArithmetic AnyBidirectionalCollection AnyClass AnyCollection AnyHashable AnyIndex
        AnyIterator AnyKeyPath AnyObject AnyRandomAccessCollection AnySequence Array
        ArrayLiteralConvertible ArraySlice BidirectionalCollection BidirectionalIndexable
        BidirectionalSlice BinaryFloatingPoint BinaryInteger BitwiseCopyable Bool
        BooleanLiteralConvertible BooleanLiteralType CBool CChar CChar16 CChar32 CChar8 CDouble
        CFloat CFloat16 CInt CLong CLongDouble CLongLong CShort CSignedChar CUnsignedChar
        CUnsignedInt CUnsignedLong CUnsignedLongLong CUnsignedShort CVaListPointer CVarArg CWideChar
        CaseIterable Character ClosedRange ClosedRangeIndex Codable CodingKey CodingKeyRepresentable
        CodingUserInfoKey Collection CollectionDifference CollectionOfOne CommandLine Comparable
        ConcurrentValue ContiguousArray Copyable CountableClosedRange CountablePartialRangeFrom
        CountableRange CustomDebugStringConvertible CustomLeafReflectable
        CustomPlaygroundDisplayConvertible CustomPlaygroundQuickLookable CustomReflectable
        CustomStringConvertible Decodable Decoder DecodingError DefaultBidirectionalIndices
        DefaultIndices DefaultRandomAccessIndices DefaultStringInterpolation Dictionary
        DictionaryIndex DictionaryIterator DictionaryLiteral DictionaryLiteralConvertible
        DiscontiguousSlice Double DropFirstSequence DropWhileSequence Duration DurationProtocol
        EmptyCollection EmptyIterator Encodable Encoder EncodingError EnumeratedIterator
        EnumeratedSequence Equatable Error Escapable ExpressibleByArrayLiteral
        ExpressibleByBooleanLiteral ExpressibleByDictionaryLiteral
        ExpressibleByExtendedGraphemeClusterLiteral ExpressibleByFloatLiteral
        ExpressibleByIntegerLiteral ExpressibleByNilLiteral ExpressibleByStringInterpolation
        ExpressibleByStringLiteral ExpressibleByUnicodeScalarLiteral
        ExtendedGraphemeClusterLiteralConvertible ExtendedGraphemeClusterType FixedWidthInteger
        FlattenBidirectionalCollection FlattenBidirectionalCollectionIndex FlattenCollection
        FlattenCollectionIndex FlattenSequence Float Float16 Float32 Float64 Float80
        FloatLiteralConvertible FloatLiteralType FloatingPoint FloatingPointClassification
        FloatingPointRoundingRule FloatingPointSign Hashable Hasher Identifiable Indexable
        IndexableBase IndexingIterator InlineArray InstantProtocol Int Int128 Int16 Int32 Int64 Int8
        IntegerLiteralConvertible IntegerLiteralType IteratorOverOne IteratorProtocol
        IteratorSequence JoinedIterator JoinedSequence KeyPath KeyValuePairs KeyedDecodingContainer
        KeyedDecodingContainerProtocol KeyedEncodingContainer KeyedEncodingContainerProtocol
        LazyBidirectionalCollection LazyCollection LazyCollectionProtocol
        LazyDropWhileBidirectionalCollection LazyDropWhileCollection LazyDropWhileIndex
        LazyDropWhileIterator LazyDropWhileSequence LazyFilterBidirectionalCollection
        LazyFilterCollection LazyFilterIndex LazyFilterIterator LazyFilterSequence
        LazyMapBidirectionalCollection LazyMapCollection LazyMapIterator
        LazyMapRandomAccessCollection LazyMapSequence LazyPrefixWhileBidirectionalCollection
        LazyPrefixWhileCollection LazyPrefixWhileIndex LazyPrefixWhileIterator
        LazyPrefixWhileSequence LazyRandomAccessCollection LazySequence LazySequenceProtocol
        LosslessStringConvertible ManagedBuffer ManagedBufferPointer MemoryLayout Mirror MirrorPath
        MutableBidirectionalSlice MutableCollection MutableIndexable MutableRandomAccessSlice
        MutableRangeReplaceableBidirectionalSlice MutableRangeReplaceableRandomAccessSlice
        MutableRangeReplaceableSlice MutableRawSpan MutableSlice MutableSpan Never
        NilLiteralConvertible Numeric ObjectIdentifier OpaquePointer OptionSet Optional
        OutputRawSpan OutputSpan PartialKeyPath PartialRangeFrom PartialRangeThrough
        PartialRangeUpTo PlaygroundQuickLook PrefixSequence RandomAccessCollection
        RandomAccessIndexable RandomAccessSlice RandomNumberGenerator Range RangeExpression
        RangeReplaceableBidirectionalSlice RangeReplaceableCollection RangeReplaceableIndexable
        RangeReplaceableRandomAccessSlice RangeReplaceableSlice RangeSet RawRepresentable RawSpan
        ReferenceWritableKeyPath Repeated Result ReversedCollection ReversedIndex
        ReversedRandomAccessCollection SIMD SIMD16 SIMD2 SIMD3 SIMD32 SIMD4 SIMD64 SIMD8 SIMDMask
        SIMDScalar SIMDStorage Sendable SendableMetatype Sequence Set SetAlgebra SetIndex
        SetIterator SignedInteger SignedNumeric SingleValueDecodingContainer
        SingleValueEncodingContainer Slice Span StaticBigInt StaticString StrideThrough
        StrideThroughIterator StrideTo StrideToIterator Strideable String
        StringInterpolationConvertible StringInterpolationProtocol StringLiteralConvertible
        StringLiteralType StringProtocol Substring SystemRandomNumberGenerator TextOutputStream
        TextOutputStreamable UInt UInt128 UInt16 UInt32 UInt64 UInt8 UTF16 UTF32 UTF8 UTF8Span
        UnboundedRange UnboundedRange_ UnfoldFirstSequence UnfoldSequence Unicode UnicodeCodec
        UnicodeDecodingResult UnicodeScalar UnicodeScalarLiteralConvertible UnicodeScalarType
        UnkeyedDecodingContainer UnkeyedEncodingContainer Unmanaged UnsafeBufferPointer
        UnsafeBufferPointerIterator UnsafeConcurrentValue UnsafeMutableBufferPointer
        UnsafeMutablePointer UnsafeMutableRawBufferPointer UnsafeMutableRawBufferPointerIterator
        UnsafeMutableRawPointer UnsafePointer UnsafeRawBufferPointer UnsafeRawBufferPointerIterator
        UnsafeRawPointer UnsafeSendable UnsignedInteger Void WritableKeyPath Zip2Iterator
        Zip2Sequence
        """)

    /// Swift concurrency, imported with the standard library (`Actor`, `Task`, `Clock`). Read from the toolchain.
    static let concurrency = names(
        module: "_Concurrency",
        """
        Actor AnyActor AsyncCompactMapSequence AsyncDropFirstSequence AsyncDropWhileSequence
        AsyncFilterSequence AsyncFlatMapSequence AsyncIteratorProtocol AsyncMapSequence
        AsyncPrefixSequence AsyncPrefixWhileSequence AsyncSequence AsyncStream
        AsyncThrowingCompactMapSequence AsyncThrowingDropWhileSequence AsyncThrowingFilterSequence
        AsyncThrowingFlatMapSequence AsyncThrowingMapSequence AsyncThrowingPrefixWhileSequence
        AsyncThrowingStream CancellationError CheckedContinuation Clock ContinuousClock
        DiscardingTaskGroup Executor ExecutorJob GlobalActor Job JobPriority PartialAsyncTask
        SerialExecutor SuspendingClock Task TaskExecutor TaskGroup TaskPriority
        ThrowingDiscardingTaskGroup ThrowingTaskGroup UnownedJob UnownedSerialExecutor
        UnownedTaskExecutor UnsafeContinuation UnsafeCurrentTask UnsafeThrowingContinuation
        """)

    /// Regular expressions, imported with the standard library (`Regex`). Read from the toolchain.
    static let stringProcessing = names(
        module: "_StringProcessing",
        """
        AnyRegexOutput CustomConsumingRegexComponent Regex RegexComponent RegexRepetitionBehavior
        RegexSemanticLevel RegexWordBoundaryKind
        """)

    /// Foundation as a whole; on Apple's systems `import Foundation` brings the rest below too. Read from the toolchain.
    static let foundation = names(
        module: "Foundation",
        """
        AffineTransform AlignmentOptions BlockOperation Bundle ByteCountFormatter CGFloat CGPoint
        CGRect CGRectEdge CGSize CharacterSet Comparator CustomNSError DateFormatter
        DateIntervalFormatter Dimension EnergyFormatter FileHandle Formatter Host
        ISO8601DateFormatter IndexSet InflectionRule InputStream JSONSerialization LengthFormatter
        MassFormatter Measurement Morphology NSAffineTransform NSAffineTransformStruct NSArray
        NSAttributedString NSBinarySearchingOptions NSCache NSCacheDelegate NSCalendar
        NSCharacterSet NSCoder NSCoding NSComparisonPredicate NSCompoundPredicate NSCondition
        NSConditionLock NSCopying NSCountedSet NSData NSDate NSDateComponents NSDateInterval
        NSDecimalNumber NSDecimalNumberBehaviors NSDecimalNumberHandler NSDictionary NSEdgeInsets
        NSEnumerationOptions NSEnumerator NSError NSErrorDomain NSExceptionName NSExpression
        NSIndexPath NSIndexSet NSIndexSetIterator NSKeyedArchiver NSKeyedArchiverDelegate
        NSKeyedUnarchiver NSKeyedUnarchiverDelegate NSLocale NSLock NSLocking NSMeasurement
        NSMutableArray NSMutableAttributedString NSMutableCharacterSet NSMutableCopying
        NSMutableData NSMutableDictionary NSMutableIndexSet NSMutableOrderedSet NSMutableSet
        NSMutableString NSNotification NSNull NSNumber NSObject NSObjectProtocol NSOrderedSet
        NSOrthography NSPersonNameComponents NSPoint NSPointArray NSPointPointer NSPredicate NSRange
        NSRangePointer NSRect NSRectArray NSRectEdge NSRectPointer NSRecursiveLock
        NSRegularExpression NSSecureCoding NSSet NSSize NSSizeArray NSSizePointer NSSortDescriptor
        NSSortOptions NSString NSTextCheckingKey NSTextCheckingResult NSTimeZone NSURL
        NSURLComponents NSURLQueryItem NSUUID NSValue NSZone Notification NotificationQueue
        NumberFormatter ObjCBool Operation OperationQueue OutputStream PersonNameComponents
        PersonNameComponentsFormatter Pipe Port PortDelegate PortMessage Process Progress
        ProgressKind ProgressReporting ProgressUserInfoKey PropertyListSerialization
        QualityOfService RecoverableError ReferenceConvertible RunLoop Scanner SocketNativeHandle
        SocketPort Stream StreamDelegate StreamNetworkServiceTypeValue StreamSOCKSProxyConfiguration
        StreamSOCKSProxyVersion StreamSocketSecurityLevel StringTransform Thread TimeInterval Timer
        URLError URLFileResourceType URLResourceKey URLResourceValues Unit UnitAcceleration
        UnitAngle UnitArea UnitConcentrationMass UnitConverter UnitConverterLinear UnitDispersion
        UnitDuration UnitElectricCharge UnitElectricCurrent UnitElectricPotentialDifference
        UnitElectricResistance UnitEnergy UnitFrequency UnitFuelEfficiency UnitIlluminance
        UnitInformationStorage UnitLength UnitMass UnitPower UnitPressure UnitSpeed UnitTemperature
        UnitVolume UserDefaults
        """)

    /// Foundation's core (`Data`, `Date`, `URL`, `Predicate`). Read from the toolchain.
    static let foundationEssentials = names(
        module: "FoundationEssentials",
        """
        AttributeContainer AttributeDynamicLookup AttributeScope AttributeScopeCodableConfiguration
        AttributeScopes AttributedString AttributedStringAttributeMutation AttributedStringKey
        AttributedStringProtocol AttributedSubstring Calendar CocoaError CodableAttributedStringKey
        CodableConfiguration CodableWithConfiguration ComparableComparator ComparisonResult
        ContiguousBytes Data DataProtocol Date DateComponents DateInterval Decimal
        DecodableAttributedStringKey DecodableWithConfiguration DecodingConfigurationProviding
        DiscontiguousAttributedSubstring DiscreteFormatStyle EncodableAttributedStringKey
        EncodableWithConfiguration EncodingConfigurationProviding Expression FileAttributeKey
        FileAttributeType FileManager FileManagerDelegate FileProtectionType FormatStyle IndexPath
        JSONDecoder JSONEncoder Locale LocalizedError MarkdownDecodableAttributedStringKey
        MutableDataProtocol NotificationCenter OperatingSystemVersion POSIXError ParseStrategy
        ParseableFormatStyle Predicate PredicateBindings PredicateError PredicateExpression
        PredicateExpressions ProcessInfo PropertyListDecoder PropertyListEncoder
        ScopedAttributeContainer SortComparator SortOrder StandardPredicateExpression TimeInterval
        TimeZone URL URLComponents URLQueryItem URLResourceKey UUID
        """)

    /// Foundation's calendars, locales and formatters. Read from the toolchain.
    static let foundationInternationalization = names(
        module: "FoundationInternationalization",
        """
        ByteCountFormatStyle CurrencyFormatStyleConfiguration DescriptiveNumberFormatConfiguration
        Dimension FloatingPointFormatStyle FloatingPointParseStrategy
        FormatStyleCapitalizationContext IntegerFormatStyle IntegerParseStrategy KeyPathComparator
        ListFormatStyle Measurement NumberFormatStyleConfiguration SortDescriptor StringStyle
        UnitDuration
        """)

    /// `URLSession` and its types (part of Foundation on Apple's systems). Read from the toolchain.
    static let foundationNetworking = names(
        module: "FoundationNetworking",
        """
        CachedURLResponse HTTPCookie HTTPCookiePropertyKey HTTPCookieStorage HTTPURLResponse
        NSMutableURLRequest NSURLRequest URLAuthenticationChallenge URLAuthenticationChallengeSender
        URLCache URLCredential URLCredentialStorage URLProtectionSpace URLProtocol URLProtocolClient
        URLRequest URLResponse URLSession URLSessionConfiguration URLSessionDataDelegate
        URLSessionDataTask URLSessionDelegate URLSessionDownloadDelegate URLSessionDownloadTask
        URLSessionStreamDelegate URLSessionStreamTask URLSessionTask URLSessionTaskDelegate
        URLSessionTaskMetrics URLSessionTaskTransactionMetrics URLSessionUploadTask
        URLSessionWebSocketDelegate URLSessionWebSocketTask
        """)

    /// The Observation framework (`@Observable`). Read from the toolchain.
    static let observation = names(
        module: "Observation",
        """
        Observable ObservationRegistrar Observations
        """)

    /// Dispatch, which Foundation re-exports. Read from the toolchain.
    static let dispatch = names(
        module: "Dispatch",
        """
        DispatchData DispatchDataIterator DispatchGroup DispatchIO DispatchObject DispatchPredicate
        DispatchQoS DispatchQueue DispatchSemaphore DispatchSource DispatchSourceHandler
        DispatchSourceProtocol DispatchSourceRead DispatchSourceSignal DispatchSourceTimer
        DispatchSourceUserDataAdd DispatchSourceUserDataOr DispatchSourceUserDataReplace
        DispatchSourceWrite DispatchSpecificKey DispatchTime DispatchTimeInterval
        DispatchTimeoutResult DispatchWallTime DispatchWorkItem DispatchWorkItemFlags
        """)

    /// `Mutex` and atomics. Read from the toolchain.
    static let synchronization = names(
        module: "Synchronization",
        """
        Atomic AtomicLazyReference AtomicLoadOrdering AtomicOptionalRepresentable
        AtomicRepresentable AtomicStoreOrdering AtomicUpdateOrdering Mutex WordPair
        """)

    /// SwiftUI, which is not on Linux: kept by hand.
    static let swiftUI = names(
        module: "SwiftUI",
        """
        AccessibilityActionKind AccessibilityAdjustmentDirection AccessibilityChildBehavior
        AccessibilityFocusState AccessibilityHeadingLevel AccessibilityLabeledPairRole
        AccessibilityRotorContent AccessibilityRotorEntry AccessibilityTraits
        AccessibilityZoomGestureAction Alert Alignment AlignmentID Anchor Angle AngularGradient
        Animatable AnimatableModifier AnimatablePair Animation AnimationContext AnyGesture AnyLayout
        AnyShape AnyShapeStyle AnyTransition AnyView App AppStorage AsyncImage AsyncImagePhase Axis
        BackgroundStyle Badge Bindable Binding BlendMode BorderlessButtonMenuStyle Button
        ButtonBorderShape ButtonRepeatBehavior ButtonRole ButtonStyle ButtonStyleConfiguration
        Canvas Capsule Circle Color ColorPicker ColorRenderingMode ColorScheme ColorSchemeContrast
        CommandGroup CommandGroupPlacement CommandMenu Commands ContainerBackgroundPlacement
        ContainerRelativeShape ContainerValueKey ContainerValues ContentMarginPlacement ContentMode
        ContentShape ContentShapeKinds ContentSizeCategory ContentTransition ContentUnavailableView
        ContextMenu ControlActiveState ControlGroup ControlGroupStyle ControlSize CoordinateSpace
        CoordinateSpaceProtocol CubicKeyframe CustomAnimation CustomizableToolbarContent DatePicker
        DatePickerComponents DatePickerStyle DefaultButtonStyle DisclosureGroup DisclosureGroupStyle
        DismissAction Divider DocumentGroup DragGesture DropDelegate DropInfo DropProposal
        DynamicProperty DynamicTypeSize DynamicViewContent Edge EdgeInsets EditActions EditButton
        EditMode Ellipse EllipticalGradient EmptyAnimatableData EmptyCommands EmptyModifier
        EmptyView Environment EnvironmentKey EnvironmentObject EnvironmentValues EquatableView
        EventModifiers ExclusiveGesture FetchRequest FetchedResults FileDocument
        FileDocumentConfiguration FillShapeStyle FillStyle FocusInteractions FocusState
        FocusedBinding FocusedObject FocusedValue FocusedValueKey FocusedValues Font ForEach
        ForegroundStyle Form FormStyle Gauge GaugeStyle GeometryEffect GeometryProxy GeometryReader
        Gesture GestureMask GestureState Glass GlassEffectContainer GlassEffectTransition Gradient
        GraphicalDatePickerStyle GraphicsContext Grid GridItem GridLayout GridRow Group GroupBox
        GroupBoxStyle HSplitView HStack HStackLayout HelpLink HierarchicalShapeStyle
        HorizontalAlignment HorizontalEdge HoverEffect HoverPhase Image ImagePaint ImageRenderer
        ImageResource ImageScale InsettableShape KeyEquivalent KeyPress KeyboardShortcut Keyframe
        KeyframeAnimator KeyframeTimeline KeyframeTrack KeyframeTrackContent Keyframes Label
        LabelStyle LabelStyleConfiguration LabeledContent LabeledContentStyle Layout LayoutDirection
        LayoutProperties LayoutSubview LayoutSubviews LayoutValueKey LazyHGrid LazyHStack LazyVGrid
        LazyVStack LinearGradient LinearKeyframe Link List ListItemTint ListSectionSpacing ListStyle
        LocalizedStringKey LocalizedStringResource LongPressGesture MagnificationGesture
        MagnifyGesture Material Menu MenuBarExtra MenuOrder MenuStyle MeshGradient ModifiedContent
        MoveKeyframe MultiDatePicker NSApplicationDelegateAdaptor Namespace NavigationLink
        NavigationPath NavigationSplitView NavigationSplitViewColumn NavigationSplitViewVisibility
        NavigationStack NavigationView NavigationViewStyle OffsetShape OpenURLAction
        OpenWindowAction OutlineGroup PagingScrollTargetBehavior PasteButton Path PhaseAnimator
        Picker PickerStyle PinnedScrollableViews PlaceholderContentView PlainButtonStyle
        PreferenceKey PresentationAdaptation PresentationBackgroundInteraction
        PresentationContentInteraction PresentationDetent PresentationMode PresentedWindowContent
        PreviewProvider PrimitiveButtonStyle ProgressView ProgressViewStyle Prominence
        ProposedViewSize RadialGradient Rectangle RedactionReasons RefreshAction RenameAction
        RenameButton RotateGesture RotationGesture RoundedCornerStyle RoundedRectangle
        SafeAreaRegions ScaledMetric Scene ScenePhase SceneStorage ScrollDismissesKeyboardMode
        ScrollIndicatorVisibility ScrollPosition ScrollTarget ScrollTargetBehavior ScrollView
        ScrollViewProxy ScrollViewReader SearchFieldPlacement SearchSuggestionsPlacement Section
        SectionedFetchRequest SectionedFetchResults SecureField SelectionShapeStyle SensoryFeedback
        SeparatorShapeStyle SequenceGesture Settings Shadow ShadowStyle Shape ShapeStyle ShareLink
        SimultaneousGesture Slider Spacer SpatialTapGesture Spring SpringKeyframe State StateObject
        Stepper StrokeStyle SubmitLabel SubmitTriggers SubscriptionView SymbolEffect
        SymbolRenderingMode SymbolVariants Tab TabSection TabView TabViewStyle Table TableColumn
        TableColumnContent TableRow TableRowContent TableStyle TapGesture Text TextAlignment
        TextEditor TextField TextFieldStyle TextInputAutocapitalization TextProxy TextRenderer
        TextSelection TimelineSchedule TimelineView TintShapeStyle Toggle ToggleStyle
        ToggleStyleConfiguration ToolbarContent ToolbarItem ToolbarItemGroup ToolbarItemPlacement
        ToolbarPlacement ToolbarRole Transaction Transition TupleView UIApplicationDelegateAdaptor
        UnevenRoundedRectangle UnitCurve UnitPoint UserInterfaceSizeClass VSplitView VStack
        VStackLayout VectorArithmetic VerticalAlignment VerticalEdge View
        ViewAlignedScrollTargetBehavior ViewBuilder ViewDimensions ViewModifier ViewThatFits
        Visibility Window WindowGroup WindowResizability WindowStyle ZStack ZStackLayout
        """)

    /// Combine, which is not on Linux: kept by hand.
    static let combine = names(
        module: "Combine",
        """
        AnyCancellable AnyPublisher AnySubscriber Cancellable CombineIdentifier ConnectablePublisher
        CurrentValueSubject CustomCombineIdentifierConvertible Deferred Empty Fail Future
        ImmediateScheduler Just ObservableObject ObservableObjectPublisher PassthroughSubject
        Published Publisher Publishers Record Scheduler SchedulerTimeIntervalConvertible Subject
        Subscriber Subscribers Subscription Subscriptions TopLevelDecoder TopLevelEncoder
        """)
}
